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
import type { IntegrationRow } from './integration-store';

/** What an execution of an API integration asks for. */
export type ExecuteIntegrationInput = z.output<typeof ZExecuteIntegrationInput>;

/**
 * The address an execution calls: `endpoint` is a path joined to baseUrl, or a full URL that
 * must stay on baseUrl's origin (the integration's credentials are for that service only).
 */
function endpointUrl(baseUrl: string, endpoint: string): URL {
  const base = new URL(baseUrl);
  let target: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint)) {
    try {
      target = new URL(endpoint);
    } catch {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Endpoint must be a path or a URL' });
    }
  } else {
    const separator = /^[/?#]/.test(endpoint) ? '' : '/';
    target = new URL(`${baseUrl.replace(/\/+$/, '')}${separator}${endpoint}`);
  }
  if (target.origin !== base.origin) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `The endpoint must be on ${base.origin}, the integration's base URL`,
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
  const url = endpointUrl(row.baseUrl, input.endpoint);
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
