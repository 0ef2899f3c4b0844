import type { IntegrationKind } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { isHeaderName, isHeaderValue } from '../contracts/integrations';
import { SecretKeyError } from '../secrets/encryption';
import { JsonDepthError, SecretCarryOverError } from '../secrets/sealing';

/** One outgoing call of a webhook or API integration, credentials applied. */
export type OutboundCall = {
  itemKind: IntegrationKind;
  itemId: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Plain secret values that must never reach the history. */
  secrets: string[];
  sensitiveHeaders: string[];
};

/** The user agent outbound calls identify themselves with, unless the item sets its own. */
export const USER_AGENT = 'Flows-Integrations/1.0';

/** A header built from an item's saved configuration that no request can carry. */
class HeaderError extends Error {}

/**
 * Layers of headers, later layers winning whatever the letter case of the names. Refuses a
 * header a request cannot carry (a saved token with a control character, an API key header
 * name that is not a token), which the HTTP client would otherwise fail on.
 */
export function mergeHeaders(...layers: Record<string, string>[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) {
      if (!isHeaderName(name)) throw new HeaderError(`"${name}" is not a valid header name`);
      if (!isHeaderValue(value)) {
        throw new HeaderError(`Header "${name}" contains a character headers cannot carry`);
      }
      merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}

/**
 * Runs `work`, turning problems with an item's saved secrets or configuration (unusable
 * secrets, JSON too deep, headers no request can carry) into 400s with their message.
 */
export async function withSecretErrors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof SecretKeyError ||
      error instanceof SecretCarryOverError ||
      error instanceof JsonDepthError ||
      error instanceof HeaderError
    ) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    }
    throw error;
  }
}
