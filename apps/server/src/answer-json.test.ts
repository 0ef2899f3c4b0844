import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerJson } from './answer-json';

describe('answerJson', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers a frozen answer with its JSON, made once and reused', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const templates = Object.freeze([Object.freeze({ id: 't1', name: 'Website' })]);
    expect(answerJson(templates)).toBe('[{"id":"t1","name":"Website"}]');
    expect(answerJson(templates)).toBe('[{"id":"t1","name":"Website"}]');
    expect(stringify).toHaveBeenCalledTimes(1);
  });

  it('answers an answer that may change as it is now, never stale', () => {
    const tasks = [{ id: 'a', status: 'running' }];
    expect(answerJson(tasks)).toBe('[{"id":"a","status":"running"}]');
    tasks[0]!.status = 'complete';
    tasks.push({ id: 'b', status: 'running' });
    expect(answerJson(tasks)).toBe(
      '[{"id":"a","status":"complete"},{"id":"b","status":"running"}]',
    );
  });

  it('answers what JSON.stringify gives for values that are not objects', () => {
    expect(answerJson(undefined)).toBeUndefined();
    expect(answerJson(null)).toBe('null');
    expect(answerJson('text')).toBe('"text"');
  });
});
