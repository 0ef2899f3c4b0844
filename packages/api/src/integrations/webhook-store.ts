import { type Database, webhooks } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TJsonObject,
  TWebhook,
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
} from '../contracts/integrations';
import { webhookAuthHeaders } from './auth-headers';
import { isUuid, mergeHeaders, type OutboundCall, USER_AGENT, type UserContext } from './call';
import {
  decryptSecret,
  encryptSecret,
  isSecretName,
  jsonSecretValues,
  maskJsonSecrets,
  maskSecret,
  openJsonSecrets,
  parseStoredJson,
  type SealOptions,
  sealJsonSecrets,
  sealSecret,
} from './secrets';
import { standardWebhookHeaders } from './signature';
import { hasUrlSecrets, maskUrlSecrets, restoreUrlSecrets } from './url-secrets';

export type WebhookRow = typeof webhooks.$inferSelect;
type CreateInput = z.output<typeof ZCreateWebhookInput>;
type UpdateInput = z.output<typeof ZUpdateWebhookInput>;

/** A webhook as the user may see it: secrets masked, dates as ISO text. */
export function webhookView(row: WebhookRow): TWebhook {
  return {
    id: row.id,
    name: row.name,
    // Masked again for rows written before addresses were sealed.
    url: maskUrlSecrets(row.url),
    method: row.method as TWebhook['method'],
    // Compact, never indented: indenting multiplies the size of nested JSON.
    headers: JSON.stringify(maskJsonSecrets(parseStoredJson(row.headers))),
    authType: row.authType as TWebhook['authType'],
    authUser: row.authUser,
    authPassword: maskSecret(row.authPassword),
    authToken: maskSecret(row.authToken),
    signingSecret: maskSecret(row.signingSecret),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The signed-in user's webhook with this id, or 404 'Webhook not found'. */
export async function ownedWebhook(ctx: UserContext, id: string): Promise<WebhookRow> {
  const [row] = isUuid(id)
    ? await ctx.db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.id, id), eq(webhooks.userId, ctx.user.id)))
    : [];
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Webhook not found' });
  return row;
}

const sealHeaders = (next: TJsonObject, stored: TJsonObject, seal: SealOptions) =>
  JSON.stringify(sealJsonSecrets(next, stored, seal));

/**
 * The columns of an address: with credentials, `url` holds it masked and `urlSealed` the real
 * address encrypted; without, `url` is the address.
 */
function sealUrl(url: string, key: Buffer): { url: string; urlSealed: string | null } {
  if (!hasUrlSecrets(url)) return { url, urlSealed: null };
  return { url: maskUrlSecrets(url), urlSealed: encryptSecret(url, key) };
}

/** The real address of a stored webhook, credentials included. */
function storedUrl(row: WebhookRow, keys: Buffer | readonly Buffer[]): string {
  return row.urlSealed ? decryptSecret(row.urlSealed, keys) : row.url;
}

/**
 * The column values an update writes. Stored secrets are kept for masked or absent fields,
 * except when the URL moves to another origin: then they must be entered again or cleared.
 */
export function webhookChanges(row: WebhookRow, input: UpdateInput, key: Buffer) {
  const movesHost =
    input.url !== undefined && new URL(input.url).origin !== new URL(row.url).origin;
  const seal: SealOptions = { key, mayKeep: !movesHost };
  const storedHeaders = parseStoredJson(row.headers);
  const { id: _id, headers, authPassword, authToken, signingSecret, ...plain } = input;
  const changes: Partial<typeof webhooks.$inferInsert> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  if (input.url !== undefined) {
    // A masked credential in the address sent back keeps the stored one at the same place.
    const url = restoreUrlSecrets(input.url, () => storedUrl(row, key), seal);
    Object.assign(changes, sealUrl(url, key));
  } else if (!row.urlSealed && hasUrlSecrets(row.url)) {
    Object.assign(changes, sealUrl(row.url, key)); // written before addresses were sealed
  }
  changes.headers = sealHeaders(headers ?? maskJsonSecrets(storedHeaders), storedHeaders, seal);
  changes.authPassword = sealSecret(authPassword, row.authPassword, seal);
  changes.authToken = sealSecret(authToken, row.authToken, seal);
  changes.signingSecret = sealSecret(signingSecret, row.signingSecret, seal);
  return changes;
}

/** The column values of a new webhook, with the form's defaults. */
export function newWebhookValues(
  userId: string,
  input: CreateInput,
  key: Buffer,
): typeof webhooks.$inferInsert {
  const seal: SealOptions = { key, mayKeep: true };
  return {
    userId,
    name: input.name,
    ...sealUrl(input.url, key),
    method: input.method ?? 'POST',
    headers: sealHeaders(input.headers ?? {}, {}, seal),
    authType: input.authType ?? 'none',
    authUser: input.authUser ?? null,
    authPassword: sealSecret(input.authPassword, null, seal),
    authToken: sealSecret(input.authToken, null, seal),
    signingSecret: sealSecret(input.signingSecret, null, seal),
    description: input.description ?? null,
  };
}

const flatValue = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/**
 * The outgoing request of a webhook execution: the payload as a JSON body (as query parameters
 * for a GET webhook), the webhook's headers, its credentials and, with a signing secret, the
 * Standard Webhooks signature headers.
 */
export function webhookCall(row: WebhookRow, payload: unknown, keys: Buffer[]): OutboundCall {
  const open = (value: string | null) => (value ? decryptSecret(value, keys) : null);
  const storedHeaders = openJsonSecrets(parseStoredJson(row.headers), keys) as Record<
    string,
    string
  >;
  const authPassword = open(row.authPassword);
  const authToken = open(row.authToken);
  const signingSecret = open(row.signingSecret);
  const auth = webhookAuthHeaders({
    authType: row.authType,
    authUser: row.authUser,
    authPassword,
    authToken,
  });

  const url = new URL(storedUrl(row, keys));
  // A lone user name in the address is its credential (https://TOKEN@host/): keep it out of logs.
  const urlUser = url.password ? '' : decodeURIComponent(url.username);
  let body: string | undefined;
  if (row.method === 'GET') {
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      for (const [name, value] of Object.entries(payload)) {
        if (value !== undefined && value !== null) url.searchParams.append(name, flatValue(value));
      }
    }
  } else {
    body = JSON.stringify(payload);
  }
  const signature = signingSecret ? standardWebhookHeaders(signingSecret, body ?? '') : {};
  const headers = mergeHeaders(
    { 'User-Agent': USER_AGENT },
    body === undefined ? {} : { 'Content-Type': 'application/json' },
    storedHeaders,
    auth.headers,
    signature,
  );
  const authValues = Object.values(auth.headers).flatMap((value) => [
    value,
    value.split(' ')[1] ?? '',
  ]);
  return {
    itemKind: 'webhook',
    itemId: row.id,
    method: row.method,
    url,
    headers,
    body,
    timeoutMs: 30_000,
    secrets: [
      authPassword,
      authToken,
      signingSecret,
      urlUser,
      ...jsonSecretValues(storedHeaders),
      ...authValues,
    ].filter((secret): secret is string => Boolean(secret)),
    sensitiveHeaders: Object.keys(storedHeaders).filter(isSecretName),
  };
}

/**
 * Seals the addresses of webhooks saved before addresses with credentials were encrypted; run
 * once at start-up (cheap when there is nothing to do). Returns how many were sealed.
 */
export async function sealStoredWebhookUrls(db: Database, key: Buffer): Promise<number> {
  const plain = await db
    .select({ id: webhooks.id, url: webhooks.url, updatedAt: webhooks.updatedAt })
    .from(webhooks)
    .where(isNull(webhooks.urlSealed));
  let sealed = 0;
  for (const row of plain) {
    if (!hasUrlSecrets(row.url)) continue;
    await db
      .update(webhooks)
      .set({ ...sealUrl(row.url, key), updatedAt: row.updatedAt }) // not an edit by the user
      .where(and(eq(webhooks.id, row.id), eq(webhooks.url, row.url), isNull(webhooks.urlSealed)));
    sealed += 1;
  }
  return sealed;
}
