import { type Database, files, flowRuns, sessions, tasks, users } from '@flows/db';
import { type FlowStatus, runOutcome } from '@flows/engine';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Auth } from '../auth/lucia';
import { sessionLookup } from '../auth/session-store';
import type { HostingEnv } from '../hosting/sites';
import { removeHistoryDeploys } from '../hosting/unpublish';
import type { Viewer } from '../ownership';
import { preparedFor } from '../prepared';

const taskColumns = { id: tasks.id, goal: tasks.goal, createdAt: tasks.createdAt };

/** Records a task (a goal); a signed-in user finds it in their history, a visitor by its id. */
export async function createTask(db: Database, goal: string, viewer: Viewer) {
  const [task] = await db.insert(tasks).values({ goal, userId: viewer }).returning(taskColumns);
  return task!;
}

/** What runOutcome reads of a run's state. */
type RunSummary = { status: FlowStatus; error: string | null; failures: boolean[] };

/** One task of the history as PostgreSQL builds it (see historyOf). */
type HistoryRow = {
  id: string;
  goal: string;
  createdAt: string;
  fileCount: number;
  run: RunSummary | null;
};

/**
 * The history of the user `userId` names (a placeholder or a column), newest first, as one JSON
 * array built by PostgreSQL, since the history is the hottest signed-in read: the time already
 * in the ISO 8601 form JSON gives it, and no row for drizzle to map column by column. Each run
 * is read as much as runOutcome needs, and how many files it used (the history marks runs that
 * had files), counted in one pass over the user's files: a run only ever uses its owner's files.
 */
function historyOf(userId: SQLWrapper): SQL<HistoryRow[]> {
  const state = flowRuns.state;
  // A nested SQL of its own: drizzle keeps the tables' names on the columns of nested SQL, and
  // drops them on a one-table select's own (the history's query), where `id` would be ambiguous.
  return sql`(${sql`select coalesce(json_agg(json_build_object(
      'id', ${tasks.id},
      'goal', ${tasks.goal},
      'createdAt', to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'fileCount', coalesce(file_counts.file_count, 0),
      'run', case when ${flowRuns.taskId} is null then null else json_build_object(
        'status', ${state}->>'status',
        'error', ${state}->>'error',
        'failures', jsonb_path_query_array(${state}, '$.tasks[*].failed')) end
    ) order by ${tasks.createdAt} desc), '[]')
    from ${tasks}
    left join ${flowRuns} on ${flowRuns.taskId} = ${tasks.id}
    left join (select ${files.taskId} as task_id, count(*)::int as file_count from ${files}
        where ${files.userId} = ${userId} and ${files.taskId} is not null
        group by ${files.taskId}) file_counts
      on file_counts.task_id = ${tasks.id}
    where ${tasks.userId} = ${userId}`})`;
}

const historyQuery = preparedFor((db) =>
  db
    .select({ history: historyOf(sql.placeholder('userId')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('task_history'),
);

/** The session check of a read of the history, with the history in its statement. */
const sessionAndHistoryQuery = preparedFor((db) =>
  sessionLookup(db, { history: historyOf(sessions.userId) }).prepare('session_and_history'),
);

/** The history's answer: each task with how its run stands. */
function historyEntries(rows: HistoryRow[]) {
  // Each field named: an object rest per row costs more than the rest of the mapping.
  return rows.map(({ id, goal, createdAt, fileCount, run }) => ({
    id,
    goal,
    createdAt,
    fileCount,
    status: run ? runOutcome({ ...run, tasks: run.failures.map((failed) => ({ failed })) }) : null,
  }));
}

/** The history as `task.list` answers it. */
export type HistoryEntry = ReturnType<typeof historyEntries>[number];

/**
 * The user's history, newest first, each with how its run stands: running, complete, stopped or
 * failed (null for a task without a server-side run).
 */
export async function listTasks(db: Database, userId: string): Promise<HistoryEntry[]> {
  const [row] = await historyQuery(db).execute({ userId });
  return historyEntries(row?.history ?? []);
}

/**
 * Validates a session and reads its user's history in one statement, for requests that read
 * the history (the hottest signed-in read): `history` is null unless the session is valid.
 */
export async function validateSessionWithHistory(auth: Auth, db: Database, sessionId: string) {
  const { session, user, row } = await auth.validateSessionReading(
    sessionId,
    sessionAndHistoryQuery(db),
  );
  return { session, user, history: row && historyEntries(row.history) };
}

/**
 * Clears the user's history: tasks with their steps, runs and websites, and what those websites
 * published (their deploys, and the sites that served nothing else). Answers how many tasks went.
 */
export async function clearHistory(db: Database, env: HostingEnv, userId: string) {
  await removeHistoryDeploys(db, env, userId);
  const deleted = await db
    .delete(tasks)
    .where(eq(tasks.userId, userId))
    .returning({ id: tasks.id });
  return { deleted: deleted.length };
}
