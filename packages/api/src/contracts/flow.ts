import {
  AI_PROVIDERS,
  DEFAULT_MODEL,
  DEFAULT_TEMPERATURE,
  GOAL_MAX_LENGTH,
  STEP_TYPES,
  TEMPERATURE_RANGE,
} from '@flows/engine';
import { z } from 'zod';

/** A flow's goal: the text of the goal box. */
export const ZGoal = z
  .string({ error: 'Please enter a goal for your flow' })
  .trim()
  .min(1, 'Please enter a goal for your flow')
  .max(GOAL_MAX_LENGTH, `A goal can be at most ${GOAL_MAX_LENGTH} characters`);

/** An id from a path or body; one that is not a UUID is simply not found (404), never a 400. */
export const ZId = z.string().max(100);

/** A UUID as the database writes ids (any case). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for ids that can exist: the database rejects anything else outright. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** POST /api/tasks: a task record (the browser-driven flow of the original product). */
export const ZCreateTaskInput = z.object({ goal: ZGoal, userId: z.null().optional() });

/** POST /api/tasks/{id}/steps */
export const ZCreateStepInput = z.object({
  type: z.enum(STEP_TYPES, { error: `Step type must be one of ${STEP_TYPES.join(', ')}` }),
  content: z
    .string({ error: 'Step content is required' })
    .max(1_000_000, 'Step content can be at most 1000000 characters')
    .refine((content) => content.trim() !== '', 'Step content is required'),
});

export const ZProvider = z.enum(AI_PROVIDERS, {
  error: `Provider must be one of ${AI_PROVIDERS.join(', ')}`,
});
const temperatureMessage = `Temperature must be a number from ${TEMPERATURE_RANGE.min} to ${TEMPERATURE_RANGE.max}`;
export const ZTemperature = z
  .number({ error: temperatureMessage })
  .min(TEMPERATURE_RANGE.min, temperatureMessage)
  .max(TEMPERATURE_RANGE.max, temperatureMessage);

/** The address of an OpenAI-compatible model server. */
export const ZModelEndpoint = z.url({ error: 'Must be a valid URL' });
/** The model server's API key: it travels in an HTTP header, so printable ASCII only. */
export const ZModelApiKey = z
  .string()
  .max(500)
  .regex(/^[\x20-\x7e]*$/, 'The API key may only hold printable ASCII characters');
/** A model's name as the model server knows it. */
export const ZModelName = z.string().trim().min(1, 'Model is required').max(200);

/** POST /api/flow/run: one model call. */
export const ZFlowRunInput = z.object({
  provider: ZProvider.default('lmstudio'),
  endpoint: ZModelEndpoint.optional(),
  apiKey: ZModelApiKey.optional(),
  input: z.object({
    prompt: z
      .string({ error: 'Prompt is required' })
      .trim()
      .min(1, 'Prompt is required')
      .max(200_000),
    temperature: ZTemperature.default(DEFAULT_TEMPERATURE),
    model: ZModelName.default(DEFAULT_MODEL),
  }),
});
export type TFlowRunInput = z.infer<typeof ZFlowRunInput>;

/** AUTO mode on or off. */
const ZAuto = z.boolean({ error: 'auto must be true or false' });

/** POST /api/flows: starts a server-side run. */
export const ZStartFlowInput = z.object({
  goal: ZGoal,
  auto: ZAuto.default(true),
  provider: ZProvider.default('lmstudio'),
  endpoint: ZModelEndpoint.optional(),
  model: ZModelName.default(DEFAULT_MODEL),
  temperature: ZTemperature.default(DEFAULT_TEMPERATURE),
  /** The model server's API key for this run; stored encrypted, never returned. */
  apiKey: ZModelApiKey.optional(),
  /** A website id from browser storage, for a deploy task without a new website. */
  websiteId: z.uuid({ error: 'websiteId must be the id of a website' }).nullish(),
  /** Uploaded files the run works with (POST /api/files); FILES_PER_RUN limits how many. */
  fileIds: z
    .array(ZId, { error: 'fileIds must be a list of file ids' })
    .max(100, 'A run can use at most 100 files')
    .default([]),
});
export type TStartFlowInput = z.infer<typeof ZStartFlowInput>;

export const ZFlowCommandInput = z.object({ taskId: ZId });
/** POST /api/flows/{id}/approve: the answer to the run's `pendingApproval`. */
export const ZApproveInput = z.object({
  taskId: ZId,
  callId: z.number({ error: 'callId must be a number' }).int('callId must be an integer'),
  approve: z.boolean({ error: 'approve must be true or false' }),
});
export const ZSetAutoInput = z.object({ taskId: ZId, auto: ZAuto });

/** POST /api/websites */
export const ZCreateWebsiteInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: z.string().max(2000).default(''),
  html: z
    .string({ error: 'HTML is required' })
    .min(1, 'HTML is required')
    .max(1_000_000, 'HTML can be at most 1000000 characters'),
  taskId: ZId.nullish(),
});

/** POST /api/{hosting}/sites */
export const ZCreateSiteInput = z.object({
  hosting: z.enum(['local', 'netlify'], { error: "Hosting must be 'local' or 'netlify'" }),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
});

/** POST /api/websites/{id}/deploy */
export const ZDeployInput = z.object({
  id: ZId,
  siteId: z.string({ error: 'siteId is required' }).min(1, 'siteId is required').max(100),
});
