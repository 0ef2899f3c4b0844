import { describe, expect, it } from 'vitest';
import { joinEndpoint } from './integration-call';

describe('joinEndpoint', () => {
  it.each([
    ['https://api.example/v1', 'items', 'https://api.example/v1/items'],
    ['https://api.example/v1/', '/items?page=2', 'https://api.example/v1/items?page=2'],
    ['https://api.example/v1?key=k', '/items', 'https://api.example/v1/items?key=k'],
    ['https://api.example/v1?key=k', '/items?page=2', 'https://api.example/v1/items?page=2&key=k'],
    ['https://api.example/v1?key=k', '/items?key=mine', 'https://api.example/v1/items?key=mine'],
    ['https://api.example/v1', 'https://api.example/v2/status', 'https://api.example/v2/status'],
    ['https://api.example/v1?key=k', 'https://other.example/x', 'https://other.example/x'],
  ])('joins %s and %s', (base, endpoint, joined) => {
    expect(joinEndpoint(base, endpoint)?.href).toBe(joined);
  });

  it('names no address for an endpoint that is none', () => {
    expect(joinEndpoint('https://api.example/v1', 'http://[broken')).toBeNull();
  });
});
