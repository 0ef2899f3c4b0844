import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { ZCreateStepInput, ZCreateTaskInput, ZId } from '../contracts/flow';
import { addStep, assertTaskVisible, listSteps } from '../flow/service';
import { clearHistory, createTask, type HistoryEntry, listTasks } from '../flow/tasks';
import { protectedProcedure, publicProcedure } from '../trpc';

export const taskRouter = {
  /** Records a task (a goal); signed-in users find it in their history. */
  create: publicProcedure
    .input(ZCreateTaskInput)
    .mutation(({ ctx, input }) => createTask(ctx.db, input.goal, ctx.user?.id ?? null)),

  /**
   * The signed-in user's history, newest first, each with how its run stands: running,
   * complete, stopped or failed (null for a task without a server-side run).
   */
  list: protectedProcedure.query(({ ctx }) =>
    ctx.historyJson
      ? (JSON.parse(ctx.historyJson) as HistoryEntry[])
      : listTasks(ctx.db, ctx.user.id),
  ),

  /**
   * Clears the signed-in user's history: tasks with their steps, runs and websites, and what
   * those websites published (their deploys, and the sites that served nothing else).
   */
  clear: protectedProcedure.mutation(({ ctx }) => clearHistory(ctx.db, ctx.config, ctx.user.id)),

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
