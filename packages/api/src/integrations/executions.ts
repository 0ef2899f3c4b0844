import { type Database, type IntegrationKind, integrationExecutions } from '@flows/db';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { TIntegrationExecution } from '../contracts/integrations';
import { scrubSecrets } from '../secrets/redaction';

/** Executions kept per webhook or integration; older ones are deleted. */
const EXECUTIONS_KEPT = 50;
/** Characters of a reply's body kept in the history. */
const LOGGED_BODY_CHARS = 2048;

/** The first part of a reply's body as text, with secrets removed before it is cut. */
export function loggedBody(body: Buffer, secrets: readonly string[]): string {
  const longestSecret = Math.max(0, ...secrets.map((secret) => secret.length));
  const head = body.subarray(0, LOGGED_BODY_CHARS * 4 + longestSecret * 4).toString('utf8');
  return scrubSecrets(head, secrets).slice(0, LOGGED_BODY_CHARS);
}

/** One execution to record, already scrubbed. */
export type ExecutionRecord = {
  userId: string;
  itemKind: IntegrationKind;
  itemId: string;
  method: string;
  url: string;
  status: number | null;
  durationMs: number;
  responseBytes: number | null;
  responseBody: string | null;
  error: string | null;
  /** The run whose task made the call as a tool. */
  taskId?: string | null;
};

/** Records an execution and keeps only the newest EXECUTIONS_KEPT of its item. */
export async function recordExecution(db: Database, record: ExecutionRecord): Promise<void> {
  await db.insert(integrationExecutions).values(record);
  const ofItem = and(
    eq(integrationExecutions.itemKind, record.itemKind),
    eq(integrationExecutions.itemId, record.itemId),
  );
  const newest = db
    .select({ id: integrationExecutions.id })
    .from(integrationExecutions)
    .where(ofItem)
    .orderBy(desc(integrationExecutions.createdAt), desc(integrationExecutions.id))
    .limit(EXECUTIONS_KEPT);
  await db
    .delete(integrationExecutions)
    .where(and(ofItem, notInArray(integrationExecutions.id, newest)));
}

/** An item's recorded executions, newest first. */
export async function listExecutions(
  db: Database,
  userId: string,
  itemKind: IntegrationKind,
  itemId: string,
): Promise<TIntegrationExecution[]> {
  const rows = await db
    .select()
    .from(integrationExecutions)
    .where(
      and(
        eq(integrationExecutions.userId, userId),
        eq(integrationExecutions.itemKind, itemKind),
        eq(integrationExecutions.itemId, itemId),
      ),
    )
    .orderBy(desc(integrationExecutions.createdAt), desc(integrationExecutions.id))
    .limit(EXECUTIONS_KEPT);
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    url: row.url,
    status: row.status,
    durationMs: row.durationMs,
    responseBytes: row.responseBytes,
    responseBody: row.responseBody,
    error: row.error,
    taskId: row.taskId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Forgets the executions of a deleted item. */
export async function deleteExecutions(db: Database, itemKind: IntegrationKind, itemId: string) {
  await db
    .delete(integrationExecutions)
    .where(
      and(eq(integrationExecutions.itemKind, itemKind), eq(integrationExecutions.itemId, itemId)),
    );
}
