import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBoundsProblem, MAX_JSON_BYTES, MAX_JSON_DEPTH, utf8Length } from './json-bounds';

/** Nesting depth by plain recursion: the reference for values small enough to recurse over. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('jsonBoundsProblem', () => {
  it('accepts values up to the bounds and names the bound a larger one breaks', () => {
    expect(jsonBoundsProblem({})).toBeNull();
    expect(jsonBoundsProblem('text')).toBeNull();
    expect(jsonBoundsProblem(undefined)).toBeNull();
    expect(jsonBoundsProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonBoundsProblem(nested(MAX_JSON_DEPTH + 1))).toBe('depth');
    const fits = 'x'.repeat(MAX_JSON_BYTES - 2);
    expect(jsonBoundsProblem(fits)).toBeNull();
    expect(jsonBoundsProblem(`${fits}x`)).toBe('size');
    // Counted in UTF-8 bytes of the JSON text, escapes included.
    expect(jsonBoundsProblem('é'.repeat(MAX_JSON_BYTES / 2))).toBe('size');
    expect(jsonBoundsProblem('\u0000'.repeat(MAX_JSON_BYTES / 4))).toBe('size');
  });

  it('judges values far past the bounds quickly and without a stack overflow', () => {
    const started = performance.now();
    expect(jsonBoundsProblem(JSON.parse(`${'['.repeat(500_000)}${']'.repeat(500_000)}`))).toBe(
      'depth',
    );
    expect(jsonBoundsProblem(nested(1_000_000))).toBe('depth');
    expect(jsonBoundsProblem(Array.from({ length: 1_000_000 }, () => 0))).toBe('size');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonBoundsProblem(cyclic)).toBe('depth');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('agrees with measuring the serialised value for any JSON value', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 400 }),
        (value, maxDepth, maxBytes) => {
          const problem = jsonBoundsProblem(value, { maxDepth, maxBytes });
          const tooDeep = depthOf(value) > maxDepth;
          const tooLarge = utf8Length(JSON.stringify(value)) > maxBytes;
          if (!tooDeep && !tooLarge) expect(problem).toBeNull();
          else if (tooDeep && !tooLarge) expect(problem).toBe('depth');
          else if (tooLarge && !tooDeep) expect(problem).toBe('size');
          else expect(problem).not.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('utf8Length', () => {
  it('counts bytes as UTF-8 encodes them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
  });
});
