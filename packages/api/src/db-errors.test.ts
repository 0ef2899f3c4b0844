import { describe, expect, it } from 'vitest';
import { isUniqueViolation, isUnstorableValue } from './db-errors';

/** An error whose cause is `depth` errors deep, the last carrying the PostgreSQL `code`. */
function chain(depth: number, code: string): Error {
  let error: Error = Object.assign(new Error('database'), { code });
  for (let level = 1; level < depth; level++) error = new Error('wrapped', { cause: error });
  return error;
}

function cyclic(): Error {
  const first = new Error('first');
  first.cause = new Error('second', { cause: first });
  return first;
}

describe('walks over error causes', () => {
  it('look a few causes deep, and no further', () => {
    expect(isUniqueViolation(chain(3, '23505'))).toBe(true);
    expect(isUnstorableValue(chain(3, '22021'))).toBe(true);
    expect(isUniqueViolation(chain(9, '23505'))).toBe(false);
    expect(isUnstorableValue(chain(9, '22021'))).toBe(false);
  });

  it('end on a cyclic cause chain', () => {
    expect(isUniqueViolation(cyclic())).toBe(false);
    expect(isUnstorableValue(cyclic())).toBe(false);
  });
});
