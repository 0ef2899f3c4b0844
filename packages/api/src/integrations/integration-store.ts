import { apiIntegrations } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_TIMEOUT_MS,
  type TApiIntegration,
  type TJsonObject,
  type ZCreateIntegrationInput,
  type ZExecuteIntegrationInput,
  type ZUpdateIntegrationInput,
} from '../contracts/integrations';
import { integrationAuthHeaders } from './auth-headers';
import { isUuid, mergeHeaders, type OutboundCall, USER_AGENT, type UserContext } from './call';
import {
  isSecretName,
  jsonSecretValues,
  maskJsonSecrets,
  openJsonSecrets,
  parseStoredJson,
  type SealOptions,
  sealJsonSecrets,
} from './secrets';

export type IntegrationRow = typeof apiIntegrations.$inferSelect;
type CreateInput = z.output<typeof ZCreateIntegrationInput>;
type UpdateInput = z.output<typeof ZUpdateIntegrationInput>;
type ExecuteInput = z.output<typeof ZExecuteIntegrationInput>;

/** Stored JSON as an answer carries it: compact, never indented (indenting multiplies size). */
const jsonText = (value: TJsonObject) => JSON.stringify(value);

/** An API integration as the user may see it: secrets masked, dates as ISO text. */
export function integrationView(row: IntegrationRow): TApiIntegration {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    version: row.version,
    authType: row.authType as TApiIntegration['authType'],
    authConfig: jsonText(maskJsonSecrets(parseStoredJson(row.authConfig))),
    headers: jsonText(maskJsonSecrets(parseStoredJson(row.headers))),
    rateLimitConfig: jsonText(parseStoredJson(row.rateLimitConfig)),
    timeout: row.timeout,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The signed-in user's integration with this id, or 404 'API integration not found'. */
export async function ownedIntegration(ctx: UserContext, id: string): Promise<IntegrationRow> {
  const [row] = isUuid(id)
    ? await ctx.db
        .select()
        .from(apiIntegrations)
        .where(and(eq(apiIntegrations.id, id), eq(apiIntegrations.userId, ctx.user.id)))
    : [];
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'API integration not found' });
  return row;
}

/** The 409 for a name the user already gave another integration. */
export const nameTaken = () =>
  new TRPCError({ code: 'CONFLICT', message: 'An API integration with that name already exists' });

/** Refuses a name another of the user's integrations has (letter case aside). */
export async function assertNameFree(ctx: UserContext, name: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: apiIntegrations.id })
    .from(apiIntegrations)
    .where(
      and(
        eq(apiIntegrations.userId, ctx.user.id),
        eq(sql`lower(${apiIntegrations.name})`, name.toLowerCase()),
        exceptId ? ne(apiIntegrations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw nameTaken();
}

/** Whether a database error is a unique violation (a concurrent save took the name). */
export function isUniqueViolation(error: unknown): boolean {
  // A few causes deep at most: a cause chain can be cyclic.
  let cause = error;
  for (let depth = 0; depth < 8 && cause; depth++, cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
}

const sealJson = (next: TJsonObject, stored: TJsonObject, seal: SealOptions) =>
  JSON.stringify(sealJsonSecrets(next, stored, seal));

/** The column values of a new integration, with the form's defaults. */
export function newIntegrationValues(
  userId: string,
  input: CreateInput,
  key: Buffer,
): typeof apiIntegrations.$inferInsert {
  const seal: SealOptions = { key, mayKeep: true };
  return {
    userId,
    name: input.name,
    baseUrl: input.baseUrl,
    version: input.version ?? null,
    authType: input.authType ?? 'none',
    authConfig: sealJson(input.authConfig ?? {}, {}, seal),
    headers: sealJson(input.headers ?? {}, {}, seal),
    rateLimitConfig: JSON.stringify(input.rateLimitConfig ?? {}),
    timeout: input.timeout ?? DEFAULT_TIMEOUT_MS,
    description: input.description ?? null,
  };
}

/**
 * The column values an update writes. Masked or absent secrets keep their stored values, except
 * when baseUrl moves to another origin: then they must be entered again or cleared.
 */
export function integrationChanges(row: IntegrationRow, input: UpdateInput, key: Buffer) {
  const movesHost =
    input.baseUrl !== undefined && new URL(input.baseUrl).origin !== new URL(row.baseUrl).origin;
  const seal: SealOptions = { key, mayKeep: !movesHost };
  const storedConfig = parseStoredJson(row.authConfig);
  const storedHeaders = parseStoredJson(row.headers);
  const { id: _id, authConfig, headers, rateLimitConfig, timeout, ...plain } = input;
  const changes: Partial<typeof apiIntegrations.$inferInsert> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  changes.authConfig = sealJson(authConfig ?? maskJsonSecrets(storedConfig), storedConfig, seal);
  changes.headers = sealJson(headers ?? maskJsonSecrets(storedHeaders), storedHeaders, seal);
  if (rateLimitConfig !== undefined) changes.rateLimitConfig = JSON.stringify(rateLimitConfig);
  if (timeout !== undefined) changes.timeout = timeout ?? DEFAULT_TIMEOUT_MS;
  return changes;
}

/**
 * The address an execution calls: `endpoint` is a path joined to baseUrl, or a full URL that
 * must stay on baseUrl's origin (the integration's credentials are for that service only).
 */
export function endpointUrl(baseUrl: string, endpoint: string): URL {
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
export function integrationCall(row: IntegrationRow, input: ExecuteInput, keys: Buffer[]) {
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
