import { apiIntegrations, type Database } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_TIMEOUT_MS,
  type TApiIntegration,
  type TIntegrationExecution,
  type TJsonObject,
  type ZCreateIntegrationInput,
  type ZUpdateIntegrationInput,
} from '../contracts/integrations';
import { isUniqueViolation } from '../db-errors';
import { foundOr404, ownedBy } from '../ownership';
import {
  maskJsonSecrets,
  parseStoredJson,
  type SealOptions,
  sealJsonSecrets,
} from '../secrets/sealing';
import { editedUrl, maskUrlSecrets, openUrl, sealUrl } from '../secrets/url-secrets';
import { withSecretErrors } from './call';
import { deleteExecutions, listExecutions } from './executions';

export type IntegrationRow = typeof apiIntegrations.$inferSelect;
type CreateInput = z.output<typeof ZCreateIntegrationInput>;
type UpdateInput = z.output<typeof ZUpdateIntegrationInput>;

/** Stored JSON as an answer carries it: compact, never indented (indenting multiplies size). */
const jsonText = (value: TJsonObject) => JSON.stringify(value);

/** An API integration as the user may see it: secrets masked, dates as ISO text. */
export function integrationView(row: IntegrationRow): TApiIntegration {
  return {
    id: row.id,
    name: row.name,
    // Masked when stored (sealed); masked here too for rows saved before base URLs were sealed.
    baseUrl: maskUrlSecrets(row.baseUrl),
    version: row.version,
    authType: row.authType as TApiIntegration['authType'],
    authConfig: jsonText(maskJsonSecrets(parseStoredJson(row.authConfig))),
    headers: jsonText(maskJsonSecrets(parseStoredJson(row.headers))),
    rateLimitConfig: jsonText(parseStoredJson(row.rateLimitConfig)),
    timeout: row.timeout,
    description: row.description,
    useInFlows: row.useInFlows,
    askBeforeCall: row.askBeforeCall,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's integration with this id, or 404 'API integration not found'. */
export function ownedIntegration(
  db: Database,
  userId: string,
  id: string,
): Promise<IntegrationRow> {
  return foundOr404(
    id,
    () =>
      db
        .select()
        .from(apiIntegrations)
        .where(and(eq(apiIntegrations.id, id), ownedBy(apiIntegrations.userId, userId))),
    'API integration not found',
  );
}

/** The 409 for a name the user already gave another integration. */
const nameTaken = () =>
  new TRPCError({ code: 'CONFLICT', message: 'An API integration with that name already exists' });

/** Refuses a name another of the user's integrations has (letter case aside). */
async function assertNameFree(db: Database, userId: string, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: apiIntegrations.id })
    .from(apiIntegrations)
    .where(
      and(
        eq(apiIntegrations.userId, userId),
        eq(sql`lower(${apiIntegrations.name})`, name.toLowerCase()),
        exceptId ? ne(apiIntegrations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw nameTaken();
}

/** Runs a write, answering 409 when a concurrent save took the integration's name. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const sealJson = (next: TJsonObject, stored: TJsonObject, seal: SealOptions) =>
  JSON.stringify(sealJsonSecrets(next, stored, seal));

/** The real base address of a stored integration, credentials included. */
export function storedBaseUrl(row: IntegrationRow, keys: Buffer | readonly Buffer[]): string {
  return openUrl(row.baseUrl, row.baseUrlSealed, keys);
}

/** The column values of a new integration, with the form's defaults. */
function newIntegrationValues(
  userId: string,
  input: CreateInput,
  key: Buffer,
): typeof apiIntegrations.$inferInsert {
  const seal: SealOptions = { key, mayKeep: true };
  const baseUrl = sealUrl(input.baseUrl, key);
  return {
    userId,
    name: input.name,
    baseUrl: baseUrl.masked,
    baseUrlSealed: baseUrl.sealed,
    version: input.version ?? null,
    authType: input.authType ?? 'none',
    authConfig: sealJson(input.authConfig ?? {}, {}, seal),
    headers: sealJson(input.headers ?? {}, {}, seal),
    rateLimitConfig: JSON.stringify(input.rateLimitConfig ?? {}),
    timeout: input.timeout ?? DEFAULT_TIMEOUT_MS,
    description: input.description ?? null,
    useInFlows: input.useInFlows ?? false,
    askBeforeCall: input.askBeforeCall ?? true,
  };
}

/**
 * The column values an update writes. Masked or absent secrets keep their stored values, except
 * when baseUrl moves to another origin: then they must be entered again or cleared.
 */
function integrationChanges(row: IntegrationRow, input: UpdateInput, key: Buffer) {
  const movesHost =
    input.baseUrl !== undefined && new URL(input.baseUrl).origin !== new URL(row.baseUrl).origin;
  const seal: SealOptions = { key, mayKeep: !movesHost };
  const storedConfig = parseStoredJson(row.authConfig);
  const storedHeaders = parseStoredJson(row.headers);
  const { id: _id, baseUrl, authConfig, headers, rateLimitConfig, timeout, ...plain } = input;
  const changes: Partial<typeof apiIntegrations.$inferInsert> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  const url = editedUrl(baseUrl, { masked: row.baseUrl, sealed: row.baseUrlSealed }, seal);
  if (url) Object.assign(changes, { baseUrl: url.masked, baseUrlSealed: url.sealed });
  changes.authConfig = sealJson(authConfig ?? maskJsonSecrets(storedConfig), storedConfig, seal);
  changes.headers = sealJson(headers ?? maskJsonSecrets(storedHeaders), storedHeaders, seal);
  if (rateLimitConfig !== undefined) changes.rateLimitConfig = JSON.stringify(rateLimitConfig);
  if (timeout !== undefined) changes.timeout = timeout ?? DEFAULT_TIMEOUT_MS;
  return changes;
}

/** The user's integrations, newest first, secrets masked. */
export async function listIntegrations(db: Database, userId: string): Promise<TApiIntegration[]> {
  const rows = await db
    .select()
    .from(apiIntegrations)
    .where(ownedBy(apiIntegrations.userId, userId))
    .orderBy(desc(apiIntegrations.createdAt), desc(apiIntegrations.id));
  return rows.map(integrationView);
}

/** Saves a new integration, its secrets sealed with `key`; 409 for a name the user has taken. */
export async function createIntegration(
  db: Database,
  userId: string,
  input: CreateInput,
  key: Buffer,
): Promise<TApiIntegration> {
  await assertNameFree(db, userId, input.name);
  const values = newIntegrationValues(userId, input, key);
  const [row] = await uniqueName(() => db.insert(apiIntegrations).values(values).returning());
  if (!row) {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'API integration not saved' });
  }
  return integrationView(row);
}

/** Changes the user's integration (see integrationChanges for its secrets). */
export async function updateIntegration(
  db: Database,
  userId: string,
  input: UpdateInput,
  key: Buffer,
): Promise<TApiIntegration> {
  const row = await ownedIntegration(db, userId, input.id);
  if (input.name !== undefined) await assertNameFree(db, userId, input.name, row.id);
  const changes = await withSecretErrors(() => integrationChanges(row, input, key));
  const [updated] = await uniqueName(() =>
    db
      .update(apiIntegrations)
      .set(changes)
      .where(and(eq(apiIntegrations.id, row.id), ownedBy(apiIntegrations.userId, userId)))
      .returning(),
  );
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'API integration not found' });
  return integrationView(updated);
}

/** Deletes the user's integration with its execution history. */
export async function deleteIntegration(db: Database, userId: string, id: string): Promise<void> {
  const row = await ownedIntegration(db, userId, id);
  await db
    .delete(apiIntegrations)
    .where(and(eq(apiIntegrations.id, row.id), ownedBy(apiIntegrations.userId, userId)));
  await deleteExecutions(db, 'integration', row.id);
}

/** The recorded executions of the user's integration, newest first (the last 50). */
export async function integrationExecutions(
  db: Database,
  userId: string,
  id: string,
): Promise<TIntegrationExecution[]> {
  const row = await ownedIntegration(db, userId, id);
  return listExecutions(db, userId, 'integration', row.id);
}
