import { describe, expect, it } from 'vitest';
import { extractFlowResult, splitThinking } from './result';

describe('extractFlowResult', () => {
  it('reads thinking, actions and results', () => {
    expect(
      extractFlowResult({ thinking: 'Hmm', actions: ['search', 'read'], results: 'Done' }),
    ).toEqual({
      thinking: 'Hmm',
      actions: ['search', 'read'],
      result: 'Done',
    });
  });

  it('takes the first present of results, result, response, output, text', () => {
    expect(extractFlowResult({ result: 'r', response: 'x' }).result).toBe('r');
    expect(extractFlowResult({ response: 'resp', output: 'x' }).result).toBe('resp');
    expect(extractFlowResult({ output: 'out', text: 'x' }).result).toBe('out');
    expect(extractFlowResult({ text: 'txt' }).result).toBe('txt');
    expect(extractFlowResult({ results: null, result: '' }).result).toBe('');
  });

  it('shows non-string results as text', () => {
    expect(extractFlowResult({ results: ['a', 'b'] }).result).toBe('a\n\nb');
    expect(extractFlowResult({ result: { answer: 42 } }).result).toBe('{\n  "answer": 42\n}');
    expect(extractFlowResult({ result: 7 }).result).toBe('7');
    expect(extractFlowResult({ result: Symbol.for('s') }).result).toBe('Symbol(s)');
  });

  it('shows the whole body when no result field is present', () => {
    expect(extractFlowResult({ message: 'hi' })).toEqual({
      actions: [],
      result: '{\n  "message": "hi"\n}',
    });
    expect(extractFlowResult('plain text')).toEqual({ actions: [], result: 'plain text' });
    expect(extractFlowResult(null)).toEqual({ actions: [], result: 'null' });
    expect(extractFlowResult(undefined)).toEqual({ actions: [], result: '' });
    expect(extractFlowResult([1, 2]).result).toBe('[\n  1,\n  2\n]');
    expect(extractFlowResult(10n).result).toBe('10');
  });

  it('indents only bounded values: a deeply nested body stays compact or plain', () => {
    const deep = JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`);
    expect(extractFlowResult({ result: deep }).result).toBe(JSON.stringify(deep));
    const deeper = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(extractFlowResult({ result: deeper }).result).toBe('[object Array]');
  });

  it('ignores blank thinking and blank actions, stringifies odd actions', () => {
    expect(
      extractFlowResult({ thinking: '  ', actions: ['', { tool: 'x' }], result: 'r' }),
    ).toEqual({
      actions: ['{\n  "tool": "x"\n}'],
      result: 'r',
    });
    expect(extractFlowResult({ actions: 'not an array', result: 'r' }).actions).toEqual([]);
  });

  it('survives circular bodies', () => {
    const body: Record<string, unknown> = {};
    body.self = body;
    expect(extractFlowResult(body).result).toBe('[object Object]');
  });
});

describe('splitThinking', () => {
  it('splits planning wording at the first blank line', () => {
    expect(splitThinking("I'll start by listing the facts.\n\nThe answer is 42.\n\nMore.")).toEqual(
      {
        thinking: "I'll start by listing the facts.",
        result: 'The answer is 42.\n\nMore.',
      },
    );
  });

  it('knows the planning openers, with CRLF and curly apostrophes', () => {
    for (const opener of [
      'I will',
      'I need to',
      'Let me',
      'I am going to',
      'First, I',
      'I’ll',
      "I'm going to",
    ]) {
      expect(splitThinking(`${opener} think.\r\n\r\nResult`)).toEqual({
        thinking: `${opener} think.`,
        result: 'Result',
      });
    }
  });

  it('leaves other text alone', () => {
    expect(splitThinking('The answer.\n\nDetails.')).toEqual({ result: 'The answer.\n\nDetails.' });
    expect(splitThinking('I will do it, no blank line')).toEqual({
      result: 'I will do it, no blank line',
    });
    expect(splitThinking('Let me see.\n\n   ')).toEqual({ result: 'Let me see.\n\n   ' });
    expect(splitThinking('Illustrated guide\n\nx')).toEqual({ result: 'Illustrated guide\n\nx' });
    expect(splitThinking('')).toEqual({ result: '' });
  });
});
