/** The content type of every JSON answer. */
export const JSON_TYPE = { 'content-type': 'application/json' };

/** Each frozen answer's JSON text, made once. */
const texts = new WeakMap<object, string>();

/**
 * An answer as JSON text (undefined for undefined, as `JSON.stringify` gives). Answers kept and
 * frozen where they are kept (the Quick Templates, read once) are serialized once and their text
 * reused; any other answer is serialized anew, so one that may change is never answered stale.
 */
export function answerJson(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !Object.isFrozen(answer)) {
    return JSON.stringify(answer);
  }
  let text = texts.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    texts.set(answer, text);
  }
  return text;
}
