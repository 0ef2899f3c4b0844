import { isJsonObjectText, parseJsonText } from './json';

/**
 * The server's form rules (spec section 5), checked in the browser so mistakes show before
 * sending. The server stays the authority: its answer is what a failed save shows.
 */

/** Name: required. */
export function validateName(value: string): string | null {
  return value.trim() ? null : 'Name is required';
}

/** An absolute http or https address. */
export function validateUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'Must be a valid URL';
  } catch {
    return 'Must be a valid URL';
  }
}

/** A JSON-object field (headers, authConfig, rateLimitConfig): blank or an object. */
export function jsonObjectRule(message: string) {
  return (value: string): string | null => (isJsonObjectText(value) ? null : message);
}

/** Longest timeout the server accepts, in milliseconds. */
export const MAX_TIMEOUT_MS = 120_000;

/** Default timeout of an API integration, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Timeout: blank (the default applies) or a positive integer up to {@link MAX_TIMEOUT_MS}. */
export function validateTimeout(value: number | string): string | null {
  if (value === '') return null;
  const timeout = Number(value);
  if (!Number.isInteger(timeout) || timeout < 1) return 'Timeout must be a positive integer';
  if (timeout > MAX_TIMEOUT_MS) return `Timeout must be at most ${MAX_TIMEOUT_MS} ms`;
  return null;
}

/** The rateLimitConfig keys the server enforces. */
export const rateLimitKeys = [
  'maxRequestsPerMinute',
  'maxRequestsPer15Min',
  'maxRequestsPerHour',
  'maxRequestsPerDay',
  'maxRequestsPer24Hours',
] as const;

/** Rate limits: blank or a JSON object whose known limits are positive integers. */
export function validateRateLimitConfig(value: string): string | null {
  if (!isJsonObjectText(value)) return 'Rate limit configuration must be a JSON object';
  const parsed = parseJsonText(value);
  const config = (parsed.ok ? parsed.value : undefined) as Record<string, unknown> | undefined;
  for (const key of rateLimitKeys) {
    const limit = config?.[key];
    if (limit === undefined || limit === null) continue;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
      return `${key} must be a positive integer`;
    }
  }
  return null;
}
