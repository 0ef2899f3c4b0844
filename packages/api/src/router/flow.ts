import { engineLabel, type FlowEvent } from '@flows/engine';
import { TRPCError, type TRPCRouterRecord, tracked } from '@trpc/server';
import { z } from 'zod';
import {
  ZFlowCommandInput,
  ZFlowRunInput,
  ZId,
  ZSetAutoInput,
  ZStartFlowInput,
} from '../contracts/flow';
import { openFlowEvents, ZFlowEventsInput } from '../flow/events';
import { callModel, ModelCallError } from '../flow/model-client';
import { operatorModelKey } from '../flow/model-keys';
import { allowedEndpoint, commandFlow, flowState, startFlow } from '../flow/service';
import { enforceUsageLimit } from '../flow/usage-limits';
import { type Context, publicProcedure, requireFlows } from '../trpc';

const viewerOf = (ctx: Context) => ctx.user?.id ?? null;

/** A command procedure: applies the event to the run and gets the run moving. */
function command(event: FlowEvent) {
  return publicProcedure.input(ZFlowCommandInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx);
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
    try {
      const answer = await callModel(
        {
          provider: input.provider,
          endpoint,
          model: input.input.model,
          temperature: input.input.temperature,
          apiKey: input.apiKey || operatorModelKey(ctx.config.modelApiKeys, endpoint),
        },
        input.input.prompt,
        { timeScale: ctx.config.flowTimeScale, timeoutMs: ctx.config.modelTimeoutMs },
      );
      const thinking = answer.reasoning.trim();
      return thinking ? { result: answer.reply, thinking } : { result: answer.reply };
    } catch (error) {
      const failure = error instanceof ModelCallError ? error : undefined;
      const message =
        failure?.kind === 'http'
          ? `Failed to get response from ${engineLabel(input.provider)}. ${failure.message}`
          : input.provider === 'aiml'
            ? 'Failed to connect to AIML API. Please try again later.'
            : 'Failed to connect to the AI service. The connection may be temporarily unavailable.';
      throw new TRPCError({ code: 'BAD_GATEWAY', message, cause: error });
    }
  }),

  /** Starts a server-side run of a goal; it goes on without the browser. */
  start: publicProcedure.input(ZStartFlowInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx);
    const endpoint = allowedEndpoint(input.endpoint, ctx.config.allowedModelEndpoints);
    await enforceUsageLimit(ctx, 'run');
    const taskId = await startFlow(ctx.db, input, {
      userId: viewerOf(ctx),
      endpoint,
      secretKey: ctx.config.secretKey,
      timeScale: ctx.config.flowTimeScale,
    });
    await flows.kick(taskId);
    return { taskId };
  }),

  state: publicProcedure
    .input(z.object({ taskId: ZId }))
    .query(({ ctx, input }) => flowState(ctx.db, input.taskId, viewerOf(ctx))),

  stop: command({ type: 'stop' }),
  continue: command({ type: 'continue' }),
  execute: command({ type: 'execute' }),
  reset: command({ type: 'reset' }),
  /** Runs the last failed task again (or the interrupted one, or the task list). */
  retry: command({ type: 'retry' }),

  setAuto: publicProcedure.input(ZSetAutoInput).mutation(async ({ ctx, input }) => {
    const flows = requireFlows(ctx);
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
