import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockServer } from '../testing/restServer';
import { ApiError, apiRequest, getQueryFn, serverError } from './api';

describe('apiRequest', () => {
  it('sends JSON with the XMLHttpRequest marker and cookies, and returns the answer', async () => {
    const calls = mockServer({ 'POST /api/login': { json: { id: 'u1' } } });

    await expect(apiRequest('POST', '/api/login', { username: 'ada' })).resolves.toEqual({
      id: 'u1',
    });
    const [call] = calls;
    expect(call?.body).toEqual({ username: 'ada' });
    expect(call?.credentials).toBe('include');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('uses a path beginning with http as an absolute URL', async () => {
    const calls = mockServer({ 'GET /v1/models': { json: [] } });

    await apiRequest('GET', 'http://example.test/v1/models');
    expect(calls[0]?.path).toBe('/v1/models');
  });

  it("throws '<status>: <body>' for a non-OK answer", async () => {
    mockServer({
      'POST /api/login': { status: 401, json: { error: 'Invalid username or password' } },
    });

    const failure = apiRequest('POST', '/api/login', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('401: {"error":"Invalid username or password"}');
  });

  it('uses the status text when the body is empty', () => {
    expect(new ApiError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw') =>
    new QueryClient().fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401 }) });

  it('GETs the first query-key element as the path', async () => {
    const calls = mockServer({ 'GET /api/user': { json: { id: 'u1' } } });

    await expect(run('returnNull')).resolves.toEqual({ id: 'u1' });
    expect(calls[0]?.method).toBe('GET');
  });

  it('yields null for a 401 when asked to, and throws otherwise', async () => {
    mockServer({ 'GET /api/user': { status: 401, json: { error: 'Not signed in' } } });

    await expect(run('returnNull')).resolves.toBeNull();
    await expect(run('throw')).rejects.toThrow('401: {"error":"Not signed in"}');
  });
});

describe('serverError', () => {
  it("reads the server's error field", () => {
    expect(serverError(new ApiError(409, '{"error":"That username is already taken"}'))).toBe(
      'That username is already taken',
    );
  });

  it('is undefined when there is no error field to show', () => {
    expect(serverError(new ApiError(500, 'upstream exploded'))).toBeUndefined();
    expect(serverError(new ApiError(500, '{"message":"no error field"}'))).toBeUndefined();
    expect(serverError(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
