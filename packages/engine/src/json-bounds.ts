/** How deeply free-form JSON a user sends may nest (objects and arrays, the outermost counted). */
export const MAX_JSON_DEPTH = 32;
/** How large free-form JSON a user sends may be, in UTF-8 bytes of its compact JSON text. */
export const MAX_JSON_BYTES = 64 * 1024;

/** The bounds a JSON value is held to. */
export type JsonBounds = { maxDepth: number; maxBytes: number };

/** Which bound a JSON value breaks: too deep or too large. */
export type JsonBoundsProblem = 'depth' | 'size';

const defaultBounds: JsonBounds = { maxDepth: MAX_JSON_DEPTH, maxBytes: MAX_JSON_BYTES };

/** UTF-8 length of a text (a surrogate pair is two units of two bytes each). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * Whether a JSON value breaks `bounds`, and which one. The walk uses no recursion and stops at
 * the first container past `maxDepth` or once the value is surely past `maxBytes`, so any value
 * (millions of levels deep, megabytes wide, or cyclic) is judged quickly and without a stack
 * overflow. Only a value within both bounds is serialised, to measure it exactly.
 */
export function jsonBoundsProblem(
  value: unknown,
  bounds: JsonBounds = defaultBounds,
): JsonBoundsProblem | null {
  const { maxDepth, maxBytes } = bounds;
  const pending: [unknown, number][] = [[value, 0]];
  // A lower bound of the JSON text's length: each string and key's characters and quotes,
  // each scalar's digits, each separator.
  let leastBytes = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      leastBytes += item.length + 2;
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= maxDepth) return 'depth';
      const children = Array.isArray(item) ? item : Object.entries(item);
      // Brackets and commas, then for an object each key with its quotes and colon.
      leastBytes += 2 + Math.max(0, children.length - 1);
      if (leastBytes > maxBytes) return 'size';
      if (Array.isArray(item)) {
        for (const child of item) pending.push([child, depth + 1]);
      } else {
        for (const [key, child] of children as [string, unknown][]) {
          leastBytes += key.length + 3;
          pending.push([child, depth + 1]);
        }
      }
    } else if (item !== undefined) {
      leastBytes += String(item).length;
    }
    if (leastBytes > maxBytes) return 'size';
  }
  if (maxBytes === Number.POSITIVE_INFINITY) return null;
  const text = JSON.stringify(value) as string | undefined;
  return text !== undefined && utf8Length(text) > maxBytes ? 'size' : null;
}
