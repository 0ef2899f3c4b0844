import { describe, expect, it } from 'vitest';
import { portOf } from './ModelUnreachableNotice';

describe('portOf', () => {
  it('names the port of the endpoint Flows tried', () => {
    expect(portOf('http://localhost:1234/v1')).toBe('1234');
    expect(portOf('http://127.0.0.1:3994/v1')).toBe('3994');
    expect(portOf('https://models.example.com/v1')).toBe('443');
  });
});
