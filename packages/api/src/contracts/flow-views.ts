import { AI_PROVIDERS, type FlowState } from '@flows/engine';
import { z } from 'zod';

/**
 * What `flow.state`, the flow commands and the live feed's state events answer: the engine's
 * run state (plain JSON) with the task id, the number of the last step and the work still to
 * be carried out. The compile-time check at the end keeps it the engine's FlowState.
 */

const ZFlowTask = z.object({
  description: z.string(),
  completed: z.boolean(),
  result: z.string(),
  failed: z.boolean(),
});

const ZFlowPending = z.union([
  z.object({
    kind: z.literal('model'),
    purpose: z.literal(['taskList', 'summary']),
    callId: z.number(),
  }),
  z.object({
    kind: z.literal('model'),
    purpose: z.literal('task'),
    taskIndex: z.number(),
    callId: z.number(),
  }),
  z.object({
    kind: z.literal('saveWebsite'),
    taskIndex: z.number(),
    callId: z.number(),
    result: z.string(),
    deploy: z.boolean(),
  }),
  z.object({
    kind: z.literal('deploy'),
    taskIndex: z.number(),
    callId: z.number(),
    result: z.string(),
  }),
  z.object({
    kind: z.literal('tool'),
    taskIndex: z.number(),
    callId: z.number(),
    toolCallId: z.string(),
    tool: z.string(),
  }),
]);

const ZToolCallRequest = z.object({
  id: z.string(),
  tool: z.string(),
  arguments: z.string(),
  item: z
    .object({
      kind: z.enum(['webhook', 'integration']),
      id: z.string(),
      ask: z.boolean(),
      target: z.string(),
    })
    .nullable(),
  problem: z.string().optional(),
});

const ZToolMessage = z.union([
  z.object({
    role: z.literal('assistant'),
    content: z.string(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  }),
  z.object({ role: z.literal('tool'), toolCallId: z.string(), content: z.string() }),
]);

/**
 * A tool call that waits for the user (POST /api/flows/{id}/approve answers it); with
 * `outcomeUnknown` it was sent but its answer never recorded: approve sends it again.
 */
export const ZPendingApproval = z.object({
  callId: z.number(),
  tool: z.string(),
  /** The call's arguments: parsed JSON, or the text the model wrote when it does not parse. */
  arguments: z.unknown().optional(),
  /** What will be called, secrets masked. */
  target: z.string(),
  outcomeUnknown: z.boolean(),
});
export type TPendingApproval = z.infer<typeof ZPendingApproval>;

/** A run's state as the API answers it. */
export const ZFlowRunView = z.object({
  status: z.enum([
    'idle',
    'planning',
    'executing',
    'waiting',
    'summarising',
    'complete',
    'stopped',
  ]),
  goal: z.string(),
  auto: z.boolean(),
  provider: z.enum(AI_PROVIDERS),
  tasks: z.array(ZFlowTask),
  taskSource: z.enum(['json', 'bracket', 'lines', 'fallback']).nullable(),
  currentTaskIndex: z.number(),
  websiteId: z.string().nullable(),
  deployUrl: z.string().nullable(),
  summary: z.string().nullable(),
  summaryRequested: z.boolean(),
  error: z.string().nullable(),
  pending: ZFlowPending.nullable(),
  timer: z
    .object({
      token: z.number(),
      action: z.enum(['analyzeGoal', 'runTask', 'retryTask', 'summary']),
    })
    .nullable(),
  taskRetries: z.number(),
  timeScale: z.number(),
  sequence: z.number(),
  pendingApproval: ZPendingApproval.nullable(),
  /** The current task's tool calls and its conversation with the model. */
  tools: z
    .object({
      prompt: z.string(),
      messages: z.array(ZToolMessage),
      queue: z.array(ZToolCallRequest),
      current: ZToolCallRequest.nullable(),
      taskCalls: z.number(),
    })
    .nullable(),
  toolCallsUsed: z.number(),
  toolsOff: z.boolean(),
  taskId: z.string(),
  /** The number of the run's last step (0 before the first). */
  lastSeq: z.number(),
  /** Effects still to be carried out; 0 once everything the state says is in the feed. */
  pendingWork: z.number(),
});
export type TFlowRunView = z.infer<typeof ZFlowRunView>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Fails to compile when the schema and the engine's FlowState part ways. */
export type TFlowRunViewIsFlowState = Expect<
  Same<TFlowRunView, FlowState & { taskId: string; lastSeq: number; pendingWork: number }>
>;
