import { type Database, webhooks } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TIntegrationExecution,
  TJsonObject,
  TWebhook,
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
} from '../contracts/integrations';
import { foundOr404, ownedBy } from '../ownership';
import {
  maskJsonSecrets,
  maskSecret,
  parseStoredJson,
  type SealOptions,
  sealJsonSecrets,
  sealSecret,
} from '../secrets/sealing';
import { editedUrl, maskUrlSecrets, openUrl, sealUrl } from '../secrets/url-secrets';
import { withSecretErrors } from './call';
import { deleteExecutions, listExecutions } from './executions';

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
    useInFlows: row.useInFlows,
    askBeforeCall: row.askBeforeCall,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's webhook with this id, or 404 'Webhook not found'. */
export function ownedWebhook(db: Database, userId: string, id: string): Promise<WebhookRow> {
  return foundOr404(
    id,
    () =>
      db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.id, id), ownedBy(webhooks.userId, userId))),
    'Webhook not found',
  );
}

const sealHeaders = (next: TJsonObject, stored: TJsonObject, seal: SealOptions) =>
  JSON.stringify(sealJsonSecrets(next, stored, seal));

/** The real address of a stored webhook, credentials included. */
export function storedUrl(row: WebhookRow, keys: Buffer | readonly Buffer[]): string {
  return openUrl(row.url, row.urlSealed, keys);
}

/**
 * The column values an update writes. Stored secrets are kept for masked or absent fields,
 * except when the URL moves to another origin: then they must be entered again or cleared.
 */
function webhookChanges(row: WebhookRow, input: UpdateInput, key: Buffer) {
  const movesHost =
    input.url !== undefined && new URL(input.url).origin !== new URL(row.url).origin;
  const seal: SealOptions = { key, mayKeep: !movesHost };
  const storedHeaders = parseStoredJson(row.headers);
  const { id: _id, headers, authPassword, authToken, signingSecret, ...plain } = input;
  const changes: Partial<typeof webhooks.$inferInsert> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  const url = editedUrl(input.url, { masked: row.url, sealed: row.urlSealed }, seal);
  if (url) Object.assign(changes, { url: url.masked, urlSealed: url.sealed });
  changes.headers = sealHeaders(headers ?? maskJsonSecrets(storedHeaders), storedHeaders, seal);
  changes.authPassword = sealSecret(authPassword, row.authPassword, seal);
  changes.authToken = sealSecret(authToken, row.authToken, seal);
  changes.signingSecret = sealSecret(signingSecret, row.signingSecret, seal);
  return changes;
}

/** The column values of a new webhook, with the form's defaults. */
function newWebhookValues(
  userId: string,
  input: CreateInput,
  key: Buffer,
): typeof webhooks.$inferInsert {
  const seal: SealOptions = { key, mayKeep: true };
  const url = sealUrl(input.url, key);
  return {
    userId,
    name: input.name,
    url: url.masked,
    urlSealed: url.sealed,
    method: input.method ?? 'POST',
    headers: sealHeaders(input.headers ?? {}, {}, seal),
    authType: input.authType ?? 'none',
    authUser: input.authUser ?? null,
    authPassword: sealSecret(input.authPassword, null, seal),
    authToken: sealSecret(input.authToken, null, seal),
    signingSecret: sealSecret(input.signingSecret, null, seal),
    description: input.description ?? null,
    useInFlows: input.useInFlows ?? false,
    askBeforeCall: input.askBeforeCall ?? true,
  };
}

/** The user's webhooks, newest first, secrets masked. */
export async function listWebhooks(db: Database, userId: string): Promise<TWebhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(ownedBy(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(webhookView);
}

/** Saves a new webhook, its secrets (and an address with credentials) sealed with `key`. */
export async function createWebhook(
  db: Database,
  userId: string,
  input: CreateInput,
  key: Buffer,
): Promise<TWebhook> {
  const [row] = await db
    .insert(webhooks)
    .values(newWebhookValues(userId, input, key))
    .returning();
  if (!row) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Webhook not saved' });
  return webhookView(row);
}

/** Changes the user's webhook (see webhookChanges for its secrets). */
export async function updateWebhook(
  db: Database,
  userId: string,
  input: UpdateInput,
  key: Buffer,
): Promise<TWebhook> {
  const row = await ownedWebhook(db, userId, input.id);
  const changes = await withSecretErrors(() => webhookChanges(row, input, key));
  const [updated] = await db
    .update(webhooks)
    .set(changes)
    .where(and(eq(webhooks.id, row.id), ownedBy(webhooks.userId, userId)))
    .returning();
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Webhook not found' });
  return webhookView(updated);
}

/** Deletes the user's webhook with its execution history. */
export async function deleteWebhook(db: Database, userId: string, id: string): Promise<void> {
  const row = await ownedWebhook(db, userId, id);
  await db.delete(webhooks).where(and(eq(webhooks.id, row.id), ownedBy(webhooks.userId, userId)));
  await deleteExecutions(db, 'webhook', row.id);
}

/** The recorded executions of the user's webhook, newest first (the last 50). */
export async function webhookExecutions(
  db: Database,
  userId: string,
  id: string,
): Promise<TIntegrationExecution[]> {
  const row = await ownedWebhook(db, userId, id);
  return listExecutions(db, userId, 'webhook', row.id);
}
