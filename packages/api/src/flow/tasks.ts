import { type Database, files, flowRuns, tasks } from '@flows/db';
import { type FlowStatus, runOutcome } from '@flows/engine';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
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

/**
 * The user's history, newest first. Shaped for the answer in SQL, since the history is the
 * hottest signed-in read: the time already in the ISO 8601 form JSON gives it (no Date to build
 * and serialise per row), and the run's part in one value (drizzle maps each column of each row).
 */
const historyQuery = preparedFor((db) => {
  const userId = sql.placeholder('userId');
  // How many files each run uses (the history marks runs that had files), counted in one pass
  // over the user's files: a run only ever uses its owner's files.
  const fileCounts = db
    .select({ taskId: files.taskId, count: count().as('file_count') })
    .from(files)
    .where(and(eq(files.userId, userId), isNotNull(files.taskId)))
    .groupBy(files.taskId)
    .as('file_counts');
  const state = flowRuns.state;
  return db
    .select({
      id: tasks.id,
      goal: tasks.goal,
      createdAt: sql<string>`to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      fileCount: sql<number>`coalesce(${fileCounts.count}, 0)::int`,
      run: sql<RunSummary | null>`case when ${flowRuns.taskId} is null then null else json_build_object(
        'status', ${state}->>'status',
        'error', ${state}->>'error',
        'failures', jsonb_path_query_array(${state}, '$.tasks[*].failed')) end`,
    })
    .from(tasks)
    .leftJoin(flowRuns, eq(flowRuns.taskId, tasks.id))
    .leftJoin(fileCounts, eq(fileCounts.taskId, tasks.id))
    .where(eq(tasks.userId, userId))
    .orderBy(desc(tasks.createdAt))
    .prepare('task_history');
});

/**
 * The user's history, newest first, each with how its run stands: running, complete, stopped or
 * failed (null for a task without a server-side run).
 */
export async function listTasks(db: Database, userId: string) {
  const rows = await historyQuery(db).execute({ userId });
  // Each field named: an object rest per row costs more than the rest of the mapping.
  return rows.map(({ id, goal, createdAt, fileCount, run }) => ({
    id,
    goal,
    createdAt,
    fileCount,
    status: run ? runOutcome({ ...run, tasks: run.failures.map((failed) => ({ failed })) }) : null,
  }));
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
