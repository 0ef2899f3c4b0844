import { normalizeEndpoint } from './model-client';

/** One of the operator's model API keys and the only endpoint it may be sent to. */
export type ModelEndpointKey = { endpoint: string; apiKey: string };

/**
 * The operator's key for a model endpoint: the key bound to that endpoint, or none. A key is
 * never sent to another endpoint, even one the operator allows.
 */
export function operatorModelKey(
  keys: readonly ModelEndpointKey[],
  endpoint: string,
): string | undefined {
  const wanted = normalizeEndpoint(endpoint);
  return keys.find((key) => normalizeEndpoint(key.endpoint) === wanted)?.apiKey;
}
