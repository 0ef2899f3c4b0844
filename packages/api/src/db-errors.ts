// PostgreSQL error codes of values it cannot store: NUL characters and bad encodings, numbers out
// of range, malformed literals, values too long for an index.
const UNSTORABLE_VALUE_CODES = new Set(['22021', '22P05', '22003', '22P02', '22001', '54000']);

/** Whether an error, or one of its first causes, is PostgreSQL refusing a value it cannot store. */
export function isUnstorableValue(error: unknown): boolean {
  // A few causes deep at most: a cause chain can be cyclic.
  let cause = error;
  for (let depth = 0; depth < 8 && cause instanceof Error; depth++, cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_VALUE_CODES.has(code)) return true;
  }
  return false;
}

/** Whether a database error is a unique violation (a concurrent save took the value). */
export function isUniqueViolation(error: unknown): boolean {
  // A few causes deep at most: a cause chain can be cyclic.
  let cause = error;
  for (let depth = 0; depth < 8 && cause; depth++, cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
}
