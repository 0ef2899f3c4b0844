import type { FlowEvent } from '@flows/engine';
import { TRPCError, type TRPCRouterRecord, tracked } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../context';
import {
  ZApproveInput,
  ZFlowCommandInput,
  ZFlowRunInput,
  ZId,
  ZSetAutoInput,
  ZStartFlowInput,
} from '../contracts/flow';
import { ZRunAllowance } from '../contracts/tokens';
import { streamModelCall } from '../flow/assist';
import { openFlowEvents, ZFlowEventsInput } from '../flow/events';
import { FreeRunLimitError, runAllowance } from '../flow/free-runs';
import { allowedEndpoint, commandFlow, flowState, startFlow } from '../flow/service';
import { singleModelCall } from '../flow/single-call';
import { requireFlows } from '../flow/system';
import type { UsageKind } from '../flow/usage-limits';
import { publicProcedure } from '../trpc';

const viewerOf = (ctx: Context) => ctx.user?.id ?? null;

/**
 * Counts a run or a model call against the caller's address and account, or refuses it with
 * 429 TOO_MANY_REQUESTS and a Retry-After header. Contexts without limits (unit tests) pass.
 */
async function enforceUsageLimit(ctx: Context, kind: UsageKind): Promise<void> {
  if (!ctx.usageLimits) return;
  const answer = await ctx.usageLimits.reserve(kind, {
    address: ctx.clientIp,
    userId: viewerOf(ctx),
  });
  if (answer.allowed) return;
  ctx.setHeader('Retry-After', String(answer.retryAfter));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: answer.message });
}

/** A command procedure: applies the event to the run and gets the run moving. */
function command(event: FlowEvent) {
  return publicProcedure.input(ZFlowCommandInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx.flows);
    const state = await commandFlow(ctx.db, input.taskId, viewerOf(ctx), event);
    await flows.kick(input.taskId);
    return state;
  });
}

export const flowRouter = {
  /** One model call (task list, subtask, summary or the IDE assistant): `{ result }`. */
  run: publicProcedure.input(ZFlowRunInput).mutation(async ({ ctx, input }) => {
    const endpoint = allowedEndpoint(input.endpoint, ctx.config.allowedModelEndpoints);
    await enforceUsageLimit(ctx, 'modelCall');
    return singleModelCall(input, endpoint, ctx.config);
  }),

  /**
   * The IDE assistant's model call, streamed: the same call, endpoint rules and usage limit as
   * `run`, its reply's text sent as it arrives (`text`, `retry` when an attempt starts over) and
   * then `done` with the whole reply. Over REST: POST /api/flow/assist (Server-Sent Events).
   */
  assist: publicProcedure.input(ZFlowRunInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const endpoint = allowedEndpoint(input.endpoint, ctx.config.allowedModelEndpoints);
    await enforceUsageLimit(ctx, 'modelCall');
    yield* streamModelCall(input, endpoint, ctx.config, signal);
  }),

  /** Starts a server-side run of a goal; it goes on without the browser. */
  start: publicProcedure.input(ZStartFlowInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx.flows);
    const endpoint = allowedEndpoint(input.endpoint, ctx.config.allowedModelEndpoints);
    await enforceUsageLimit(ctx, 'run');
    let taskId: string;
    try {
      taskId = await startFlow(ctx.db, input, {
        userId: viewerOf(ctx),
        endpoint,
        secretKey: ctx.config.secretKey,
        timeScale: ctx.config.flowTimeScale,
        fileLimits: ctx.config.files,
        clientAddress: ctx.clientIp,
        freeRunsPerDay: ctx.config.freeFlowsPerDay ?? 0,
      });
    } catch (error) {
      if (error instanceof FreeRunLimitError) {
        ctx.setHeader('Retry-After', String(error.retryAfter));
      }
      throw error;
    }
    await flows.kick(taskId);
    return { taskId };
  }),

  /**
   * How many runs the caller may still start today under the free plan's daily limit
   * (FREE_FLOWS_PER_DAY): a visitor by address, a signed-in user by account.
   */
  allowance: publicProcedure.output(ZRunAllowance).query(({ ctx }) =>
    runAllowance(ctx.db, ctx.config.freeFlowsPerDay ?? 0, {
      userId: viewerOf(ctx),
      clientAddress: ctx.clientIp,
    }),
  ),

  state: publicProcedure
    .input(z.object({ taskId: ZId }))
    .query(({ ctx, input }) => flowState(ctx.db, input.taskId, viewerOf(ctx))),

  stop: command({ type: 'stop' }),
  continue: command({ type: 'continue' }),
  execute: command({ type: 'execute' }),
  reset: command({ type: 'reset' }),
  /** Runs the last failed task again (or the interrupted one, or the task list). */
  retry: command({ type: 'retry' }),

  /**
   * Answers the tool call the run waits for (`pendingApproval`): approve sends it (again, when
   * its outcome was unknown), reject tells the model it was not made. 409 when no call with that
   * id waits.
   */
  approve: publicProcedure.input(ZApproveInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx.flows);
    const state = await commandFlow(ctx.db, input.taskId, viewerOf(ctx), {
      type: 'approve',
      callId: input.callId,
      approve: input.approve,
    });
    await flows.kick(input.taskId);
    return state;
  }),

  setAuto: publicProcedure.input(ZSetAutoInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx.flows);
    const state = await commandFlow(ctx.db, input.taskId, viewerOf(ctx), {
      type: 'setAuto',
      auto: input.auto,
    });
    await flows.kick(input.taskId);
    return state;
  }),

  /**
   * The run's live feed. Steps are tracked by their sequence number, so a client that reconnects
   * with its last event id receives every later step exactly once.
   */
  events: publicProcedure.input(ZFlowEventsInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const events = await openFlowEvents(ctx, input, signal ?? new AbortController().signal);
    for await (const event of events) {
      if (event.type === 'step') yield tracked(String(event.step.seq), event);
      else yield event;
    }
  }),
} satisfies TRPCRouterRecord;
