import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { ZExecuteIntegrationInput } from '../contracts/integrations';
import {
  isSecretName,
  jsonSecretValues,
  openJsonSecrets,
  parseStoredJson,
} from '../secrets/sealing';
import { integrationAuthHeaders } from './auth-headers';
import { mergeHeaders, type OutboundCall, USER_AGENT } from './call';
import { type IntegrationRow, storedBaseUrl } from './integration-store';

/** What an execution of an API integration asks for. */
export type ExecuteIntegrationInput = z.output<typeof ZExecuteIntegrationInput>;

/**
 * The address `endpoint` names under an integration's base URL: a path joined to the base URL's
 * path, or a full URL as it is; on the base URL's origin, its own query (an API key, a version)
 * goes along unless the endpoint sets it. Null when no address can be made of it.
 */
export function joinEndpoint(baseUrl: string, endpoint: string): URL | null {
  const base = new URL(baseUrl);
  let target: URL;
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint)) {
      target = new URL(endpoint);
    } else {
      const path = new URL(base);
      path.search = '';
      path.hash = '';
      const separator = /^[/?#]/.test(endpoint) ? '' : '/';
      target = new URL(`${path.href.replace(/\/+$/, '')}${separator}${endpoint}`);
    }
  } catch {
    return null;
  }
  // Only to the base URL's own service: its query may hold a key.
  if (target.origin !== base.origin) return target;
  for (const [name, value] of base.searchParams) {
    if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  }
  return target;
}

/**
 * The address an execution calls (see joinEndpoint); a full URL must stay on the base URL's
 * origin (the integration's credentials are for that service only).
 */
function endpointUrl(baseUrl: string, endpoint: string): URL {
  const target = joinEndpoint(baseUrl, endpoint);
  if (!target) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Endpoint must be a path or a URL' });
  }
  const { origin } = new URL(baseUrl);
  if (target.origin !== origin) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `The endpoint must be on ${origin}, the integration's base URL`,
    });
  }
  return target;
}

const paramValue = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** The outgoing request of an API execution, with the integration's headers and credentials. */
export function integrationCall(
  row: IntegrationRow,
  input: ExecuteIntegrationInput,
  keys: Buffer[],
): OutboundCall {
  const url = endpointUrl(storedBaseUrl(row, keys), input.endpoint);
  for (const [name, value] of Object.entries(input.params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) url.searchParams.append(name, paramValue(item));
    }
  }
  const config = openJsonSecrets(parseStoredJson(row.authConfig), keys);
  const storedHeaders = openJsonSecrets(parseStoredJson(row.headers), keys) as Record<
    string,
    string
  >;
  const auth = integrationAuthHeaders(row.authType, config);
  const body =
    input.method !== 'GET' && input.data !== undefined ? JSON.stringify(input.data) : undefined;
  const headers = mergeHeaders(
    { 'User-Agent': USER_AGENT, Accept: 'application/json, */*;q=0.5' },
    body === undefined ? {} : { 'Content-Type': 'application/json' },
    storedHeaders,
    auth.headers,
    input.headers ?? {},
  );
  const authValues = Object.values(auth.headers).flatMap((value) => [
    value,
    value.split(' ').slice(1).join(' '),
  ]);
  const call: OutboundCall = {
    itemKind: 'integration',
    itemId: row.id,
    method: input.method,
    url,
    headers,
    body,
    timeoutMs: row.timeout,
    secrets: [
      ...jsonSecretValues(config),
      ...jsonSecretValues(storedHeaders),
      ...authValues,
    ].filter(Boolean),
    sensitiveHeaders: [
      ...auth.sensitiveHeaders,
      ...Object.keys(storedHeaders).filter(isSecretName),
    ],
  };
  return call;
}
