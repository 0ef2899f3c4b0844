import { type Database, files, flowRuns, sessions, tasks, users } from '@flows/db';
import type { RunOutcome } from '@flows/engine';
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

/** A task of the history: how its run stands is null for a task without a server-side run. */
export type HistoryEntry = {
  id: string;
  goal: string;
  createdAt: string;
  fileCount: number;
  status: RunOutcome | null;
};

/**
 * The history of the user `userId` names (a placeholder or a column), newest first, as the JSON
 * array `task.list` answers, built by PostgreSQL: the history is the hottest signed-in read, and
 * this way no row is mapped or serialised on the way (see validateSessionWithHistory). The time
 * comes in the ISO 8601 form JSON gives it, how the run stands from the run's `outcome`, and how
 * many files it used (the history marks runs that had files) from one pass over the user's
 * files: a run only ever uses its owner's files.
 */
function historyOf(userId: SQLWrapper): SQL<HistoryEntry[]> {
  // A nested SQL of its own: drizzle keeps the tables' names on the columns of nested SQL, and
  // drops them on a one-table select's own (the history's query), where `id` would be ambiguous.
  // Each entry a row of its own (a lateral select), as row_to_json writes rows compactly where
  // json_build_object spaces out every key.
  return sql`(${sql`select coalesce(json_agg(row_to_json(entry) order by ${tasks.createdAt} desc), '[]')
    from ${tasks}
    left join ${flowRuns} on ${flowRuns.taskId} = ${tasks.id}
    left join (select ${files.taskId} as task_id, count(*)::int as file_count from ${files}
        where ${files.userId} = ${userId} and ${files.taskId} is not null
        group by ${files.taskId}) file_counts
      on file_counts.task_id = ${tasks.id}
    cross join lateral (select ${tasks.id} as "id", ${tasks.goal} as "goal",
      to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      coalesce(file_counts.file_count, 0) as "fileCount", ${flowRuns.outcome} as "status") entry
    where ${tasks.userId} = ${userId}`})`;
}

const historyQuery = preparedFor((db) =>
  db
    .select({ history: historyOf(sql.placeholder('userId')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('task_history'),
);

/** The session check of a read of the history, with the history's JSON text in its statement. */
const sessionAndHistoryQuery = preparedFor((db) =>
  sessionLookup(db, {
    historyJson: sql<string>`${historyOf(sessions.userId)}::text`,
  }).prepare('session_and_history'),
);

/**
 * The user's history, newest first, each with how its run stands: running, complete, stopped or
 * failed (null for a task without a server-side run).
 */
export async function listTasks(db: Database, userId: string): Promise<HistoryEntry[]> {
  const [row] = await historyQuery(db).execute({ userId });
  return row?.history ?? [];
}

/**
 * Validates a session and reads its user's history in one statement, for requests that read
 * the history (the hottest signed-in read). `historyJson` is the JSON text of `task.list`'s
 * answer, for the answer as it is; null unless the session is valid.
 */
export async function validateSessionWithHistory(auth: Auth, db: Database, sessionId: string) {
  const { session, user, row } = await auth.validateSessionReading(
    sessionId,
    sessionAndHistoryQuery(db),
  );
  return { session, user, historyJson: row?.historyJson ?? null };
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
