import { describe, expect, it } from 'vitest';
import { operatorModelKey } from './model-keys';

describe("the operator's model keys", () => {
  const keys = [
    { endpoint: 'http://localhost:1234/v1', apiKey: 'sk-local' },
    { endpoint: 'https://api.openai.com/v1/', apiKey: 'sk-openai' },
  ];

  it('go only to the endpoint each is bound to', () => {
    expect(operatorModelKey(keys, 'http://localhost:1234/v1/')).toBe('sk-local');
    expect(operatorModelKey(keys, 'https://api.openai.com/v1')).toBe('sk-openai');
    expect(operatorModelKey(keys, 'http://localhost:11434/v1')).toBeUndefined();
    expect(operatorModelKey([], 'http://localhost:1234/v1')).toBeUndefined();
  });
});
