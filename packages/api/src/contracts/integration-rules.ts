/**
 * The constants and checks of webhooks and API integrations that both the input contracts
 * (integrations.ts) and the answers (integration-views.ts) are made of. Plain code only: the web
 * app runs it too.
 */

/** What a stored secret reads back as: set secrets are never returned, only this mask. */
export const SECRET_MASK = '********';

/** Longest timeout an API integration may ask for, in milliseconds. */
export const MAX_TIMEOUT_MS = 120_000;
/** The timeout of an API integration that names none, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export const webhookMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const webhookAuthTypes = ['none', 'basic', 'bearer', 'custom'] as const;
export const integrationMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const integrationAuthTypes = ['none', 'basic', 'bearer', 'apiKey', 'oauth'] as const;

export type TWebhookMethod = (typeof webhookMethods)[number];
export type TWebhookAuthType = (typeof webhookAuthTypes)[number];
export type TIntegrationMethod = (typeof integrationMethods)[number];
export type TIntegrationAuthType = (typeof integrationAuthTypes)[number];

/** The rateLimitConfig keys Flows enforces, with the length of each window in seconds. */
export const rateLimitWindows = {
  maxRequestsPerMinute: 60,
  maxRequestsPer15Min: 15 * 60,
  maxRequestsPerHour: 60 * 60,
  maxRequestsPerDay: 24 * 60 * 60,
  maxRequestsPer24Hours: 24 * 60 * 60,
} as const;
export type TRateLimitKey = keyof typeof rateLimitWindows;
/** The keys of {@link rateLimitWindows}, in order. */
export const rateLimitKeys = Object.keys(rateLimitWindows) as TRateLimitKey[];
/** The largest number of requests a rate limit may name. */
export const MAX_RATE_LIMIT = 1_000_000_000;

const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Tab, visible ASCII, space and Latin-1: what an HTTP request can carry in a header value.
const headerValuePattern = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Whether a header name is an HTTP token. */
export const isHeaderName = (name: string) => headerNamePattern.test(name);
/** Whether a header value can be sent (no control characters, nothing beyond Latin-1). */
export const isHeaderValue = (value: string) => headerValuePattern.test(value);

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;
const base64Digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of well-formed base64 (checked by the caller), without Node's Buffer or atob. */
function base64Bytes(encoded: string): Uint8Array {
  const digits = encoded.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((digits.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const digit of digits) {
    buffer = (buffer << 6) | base64Digits.indexOf(digit);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
      buffer &= (1 << bits) - 1;
    }
  }
  return bytes;
}

/** The HMAC key of a Standard Webhooks secret ('whsec_' + base64), or null when malformed. */
export function signingKeyBytes(secret: string): Uint8Array | null {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!base64Pattern.test(encoded) || encoded.length % 4 !== 0) return null;
  const key = base64Bytes(encoded);
  return key.length >= 16 && key.length <= 64 ? key : null;
}
