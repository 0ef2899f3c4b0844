import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLOW_TIMING } from './constants';
import {
  classifyFlowError,
  FLOW_CALL_ATTEMPTS,
  flowCallDelay,
  TASK_RETRIES,
  taskRetryDelay,
} from './retry';

describe('flowCallDelay', () => {
  it('doubles 1000 ms per failed attempt and adds the jitter', () => {
    expect(flowCallDelay(1, () => 0)).toBe(1000);
    expect(flowCallDelay(2, () => 0)).toBe(2000);
    expect(flowCallDelay(3, () => 0.5)).toBe(4500);
    expect(flowCallDelay(1, () => 0.9999)).toBe(1999);
  });

  it('caps the delay at 15000 ms', () => {
    expect(flowCallDelay(4, () => 0.999)).toBe(8999);
    expect(flowCallDelay(5, () => 0)).toBe(15000);
    expect(flowCallDelay(1000, () => 0.5)).toBe(15000);
  });

  it('treats odd attempts and random values safely', () => {
    expect(flowCallDelay(0, () => 0)).toBe(1000);
    expect(flowCallDelay(Number.NaN, () => 0)).toBe(1000);
    expect(flowCallDelay(2.7, () => 0)).toBe(2000);
    expect(flowCallDelay(1, () => -5)).toBe(1000);
    expect(flowCallDelay(1, () => 7)).toBe(2000);
    expect(flowCallDelay(1, () => Number.NaN)).toBe(1000);
  });

  it('stays within its bounds (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 2000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const delay = flowCallDelay(attempt, () => r);
          const base = FLOW_TIMING.flowCallBaseMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 30);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.min(base, FLOW_TIMING.flowCallMaxDelayMs));
          expect(delay).toBeLessThanOrEqual(
            Math.min(base + FLOW_TIMING.flowCallJitterMs, FLOW_TIMING.flowCallMaxDelayMs),
          );
          expect(delay).toBeLessThanOrEqual(15000);
          expect(delay).toBeGreaterThanOrEqual(1000);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('uses 3 attempts', () => {
    expect(FLOW_CALL_ATTEMPTS).toBe(3);
  });
});

describe('taskRetryDelay', () => {
  it('waits 5 s then 10 s over 2 retries', () => {
    expect(TASK_RETRIES).toBe(2);
    expect(taskRetryDelay(1)).toBe(5000);
    expect(taskRetryDelay(2)).toBe(10000);
    expect(taskRetryDelay(0)).toBe(5000);
    expect(taskRetryDelay(Number.POSITIVE_INFINITY)).toBe(5000);
  });
});

describe('classifyFlowError', () => {
  it('recognises timeouts', () => {
    expect(classifyFlowError(new Error('Request timed out'))).toBe('timeout');
    expect(classifyFlowError(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(
      'timeout',
    );
    expect(classifyFlowError('ETIMEDOUT')).toBe('timeout');
  });

  it('recognises connection failures, also in the cause and code', () => {
    expect(classifyFlowError(new Error('read ECONNRESET'))).toBe('connection');
    expect(
      classifyFlowError(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
        }),
      ),
    ).toBe('connection');
    expect(classifyFlowError(new Error('Failed to connect to the API'))).toBe('connection');
    expect(classifyFlowError(new Error('connection reset by peer'))).toBe('connection');
    // undici's word for a connection the server closed before answering.
    expect(classifyFlowError(new Error('other side closed'))).toBe('connection');
  });

  it('recognises non-OK answers and everything else', () => {
    expect(classifyFlowError(new Error('500: Internal Server Error'))).toBe('http');
    expect(classifyFlowError(new Error('Server returned 502: Bad Gateway'))).toBe('http');
    expect(classifyFlowError(new Error('Unexpected token < in JSON'))).toBe('other');
    expect(classifyFlowError(undefined)).toBe('other');
  });

  it('follows a cyclic cause chain only a few steps', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(classifyFlowError(first)).toBe('other');
  });
});
