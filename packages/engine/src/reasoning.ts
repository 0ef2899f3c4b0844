const OPEN = '<think>';
const CLOSE = '</think>';

/** Text of a model reply, sorted as it streams: the model's reasoning, and its answer. */
export type ReasoningParts = { reasoning: string; content: string };

/** Length of the longest end of `text` that could begin `tag` (a tag cut between two pieces). */
function partialTagAt(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/**
 * Sorts a reply's streamed content into reasoning and answer. Local reasoning models (Qwen3,
 * DeepSeek-R1 and their distills) open their content with `<think>...</think>`; whatever stands
 * there is reasoning, the rest (leading blank space dropped) is the answer. A think block that
 * never closes is all reasoning. A tag cut between two pieces is held back until it is whole.
 */
export function createReasoningSplitter() {
  let mode: 'opening' | 'reasoning' | 'answer' = 'opening';
  let held = '';
  let answerStarted = false;

  function answer(text: string): string {
    if (answerStarted) return text;
    const trimmed = text.trimStart();
    if (trimmed) answerStarted = true;
    return trimmed;
  }

  function reasoningUntilClose(): ReasoningParts {
    const close = held.indexOf(CLOSE);
    if (close === -1) {
      const keep = partialTagAt(held, CLOSE);
      const reasoning = held.slice(0, held.length - keep);
      held = held.slice(held.length - keep);
      return { reasoning, content: '' };
    }
    const reasoning = held.slice(0, close);
    const rest = held.slice(close + CLOSE.length);
    held = '';
    mode = 'answer';
    return { reasoning, content: answer(rest) };
  }

  return {
    /** Sorts the next piece of content. */
    push(delta: string): ReasoningParts {
      if (mode === 'answer') return { reasoning: '', content: answer(delta) };
      held += delta;
      if (mode === 'opening') {
        const start = held.trimStart();
        if (start.length < OPEN.length && OPEN.startsWith(start))
          return { reasoning: '', content: '' };
        if (!start.startsWith(OPEN)) {
          mode = 'answer';
          const text = held;
          held = '';
          return { reasoning: '', content: answer(text) };
        }
        mode = 'reasoning';
        held = start.slice(OPEN.length);
      }
      return reasoningUntilClose();
    },
    /** What is still held back when the reply ends. */
    end(): ReasoningParts {
      const text = held;
      held = '';
      if (mode === 'reasoning') return { reasoning: text, content: '' };
      return { reasoning: '', content: mode === 'opening' ? answer(text) : '' };
    },
  };
}

/** Splits a whole reply into its `<think>` reasoning and its answer. */
export function splitReasoning(reply: string): ReasoningParts {
  const splitter = createReasoningSplitter();
  const first = splitter.push(reply);
  const last = splitter.end();
  return { reasoning: first.reasoning + last.reasoning, content: first.content + last.content };
}
