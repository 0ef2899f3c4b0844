import { flowRuns, tasks } from '@flows/db';
import { type FlowStatus, runOutcome } from '@flows/engine';
import type { TRPCRouterRecord } from '@trpc/server';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZCreateStepInput, ZCreateTaskInput, ZId } from '../contracts/flow';
import { addStep, assertTaskVisible, listSteps } from '../flow/service';
import { hostingEnvOf } from '../hosting/sites';
import { removeHistoryDeploys } from '../hosting/unpublish';
import { protectedProcedure, publicProcedure } from '../trpc';

const taskColumns = { id: tasks.id, goal: tasks.goal, createdAt: tasks.createdAt };

export const taskRouter = {
  /** Records a task (a goal); signed-in users find it in their history. */
  create: publicProcedure.input(ZCreateTaskInput).mutation(async ({ ctx, input }) => {
    const [task] = await ctx.db
      .insert(tasks)
      .values({ goal: input.goal, userId: ctx.user?.id ?? null })
      .returning(taskColumns);
    return task!;
  }),

  /**
   * The signed-in user's history, newest first, each with how its run stands: running,
   * complete, stopped or failed (null for a task without a server-side run).
   */
  list: protectedProcedure.query(async ({ ctx }) => {
    // Only what runOutcome reads of each run's state, not its task results.
    const rows = await ctx.db
      .select({
        ...taskColumns,
        runStatus: sql<FlowStatus | null>`${flowRuns.state}->>'status'`,
        runError: sql<string | null>`${flowRuns.state}->>'error'`,
        taskFailures: sql<
          boolean[] | null
        >`jsonb_path_query_array(${flowRuns.state}, '$.tasks[*].failed')`,
      })
      .from(tasks)
      .leftJoin(flowRuns, eq(flowRuns.taskId, tasks.id))
      .where(eq(tasks.userId, ctx.user.id))
      .orderBy(desc(tasks.createdAt));
    return rows.map(({ runStatus, runError, taskFailures, ...task }) => ({
      ...task,
      status: runStatus
        ? runOutcome({
            status: runStatus,
            error: runError,
            tasks: (taskFailures ?? []).map((failed) => ({ failed })),
          })
        : null,
    }));
  }),

  /**
   * Clears the signed-in user's history: tasks with their steps, runs and websites, and what
   * those websites published (their deploys, and the sites that served nothing else).
   */
  clear: protectedProcedure.mutation(async ({ ctx }) => {
    await removeHistoryDeploys(ctx.db, hostingEnvOf(ctx.config), ctx.user.id);
    const deleted = await ctx.db
      .delete(tasks)
      .where(eq(tasks.userId, ctx.user.id))
      .returning({ id: tasks.id });
    return { deleted: deleted.length };
  }),

  /** A task's steps in order (`afterSeq` skips those already seen). */
  steps: publicProcedure
    .input(
      z.object({
        taskId: ZId,
        afterSeq: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .default(0),
      }),
    )
    .query(async ({ ctx, input }) => {
      await assertTaskVisible(ctx.db, input.taskId, ctx.user?.id ?? null);
      return listSteps(ctx.db, input.taskId, input.afterSeq);
    }),

  addStep: publicProcedure
    .input(ZCreateStepInput.extend({ taskId: ZId }))
    .mutation(async ({ ctx, input: { taskId, ...step } }) => {
      await assertTaskVisible(ctx.db, taskId, ctx.user?.id ?? null);
      return addStep(ctx.db, taskId, step);
    }),
} satisfies TRPCRouterRecord;
