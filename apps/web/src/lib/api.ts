import type { QueryFunction } from '@tanstack/react-query';

/** The headers every call carries: JSON both ways and the XMLHttpRequest marker. */
export const apiHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
};

/**
 * A non-OK answer from the server. Its message is `${status}: ${body}` (the status text when the
 * body is empty), the form every failed call takes; `body` keeps the raw text for
 * {@link serverError}.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText = '') {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Throws an {@link ApiError} for a non-OK response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, body, response.statusText);
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Calls the server with the app's call rules (JSON, XMLHttpRequest marker, cookies) and returns
 * the parsed JSON answer; a non-OK answer throws an {@link ApiError}. A path beginning with http
 * is used as an absolute URL, any other path is on this origin.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: apiHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return parseJson<T>(response);
}

/**
 * The default query fetcher: GET with the first query-key element as the path. With
 * `on401: 'returnNull'` an unauthorised answer yields null instead of an error.
 */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(String(queryKey[0]), {
      headers: apiHeaders,
      credentials: 'include',
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return parseJson<T>(response);
  };
}

/**
 * The server's `error` field of a failed call, for a toast; undefined when the error is not a
 * server answer or its body carries no message (the caller then shows its default text).
 */
export function serverError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const message = (parsed as { error: unknown }).error;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // A body that is not JSON has no error field.
  }
  return undefined;
}
