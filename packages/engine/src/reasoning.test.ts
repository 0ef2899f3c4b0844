import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReasoningSplitter, splitReasoning } from './reasoning';
import { planTasks } from './tasks';

/** Feeds `text` to a splitter in the given pieces and joins what comes out. */
function stream(pieces: string[]) {
  const splitter = createReasoningSplitter();
  let reasoning = '';
  let content = '';
  for (const piece of [...pieces.map((p) => splitter.push(p)), splitter.end()]) {
    reasoning += piece.reasoning;
    content += piece.content;
  }
  return { reasoning, content };
}

/** Cuts `text` at the given positions. */
function cut(text: string, positions: number[]): string[] {
  const points = [...new Set(positions.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

describe('reasoning', () => {
  it('takes a leading think block out of the answer', () => {
    expect(splitReasoning('<think>\nThe user wants tasks.\n</think>\n\n["A", "B"]')).toEqual({
      reasoning: '\nThe user wants tasks.\n',
      content: '["A", "B"]',
    });
    expect(splitReasoning('  <think>x</think>Answer')).toEqual({
      reasoning: 'x',
      content: 'Answer',
    });
  });

  it('leaves answers without a leading think block alone', () => {
    expect(splitReasoning('Use <think> tags like this')).toEqual({
      reasoning: '',
      content: 'Use <think> tags like this',
    });
    expect(splitReasoning('<thin')).toEqual({ reasoning: '', content: '<thin' });
  });

  it('treats a think block that never closes as all reasoning', () => {
    expect(splitReasoning('<think>still thinking')).toEqual({
      reasoning: 'still thinking',
      content: '',
    });
  });

  it('a reasoning model plan still parses as a task list', () => {
    const reply = '<think>Three steps: 1. a 2. b</think>\n["Research", "Write"]';
    expect(planTasks('g', splitReasoning(reply).content)).toEqual({
      tasks: ['Research', 'Write'],
      source: 'json',
    });
  });

  it('never lets think text reach the answer, however the stream is cut', () => {
    const noTags = fc.string().filter((text) => !text.includes('<') && !text.includes('>'));
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => !text.includes('</think>')),
        noTags,
        fc.array(fc.nat(), { maxLength: 12 }),
        (thought, answer, positions) => {
          const marked = `THOUGHT${thought}`;
          const text = `<think>${marked}</think>${answer}`;
          const result = stream(cut(text, positions));
          expect(result.reasoning).toBe(marked);
          expect(result.content).toBe(answer.trimStart());
          expect(result.content).not.toContain('THOUGHT');
          expect(result.content).not.toContain('<think>');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('streams answers without think blocks unchanged, however they are cut', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(), { maxLength: 12 }), (answer, positions) => {
        fc.pre(!answer.trimStart().startsWith('<think>'));
        expect(stream(cut(answer, positions)).content).toBe(answer.trimStart());
      }),
      { numRuns: 500 },
    );
  });
});
