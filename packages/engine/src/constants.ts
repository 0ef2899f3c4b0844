/** Every delay of a flow run, in milliseconds (core spec section 9). Runners scale these, never re-type them. */
export const FLOW_TIMING = {
  /** The first task starts this long after the task list is ready (auto mode). */
  firstTaskDelayMs: 2000,
  /** In auto mode the next task starts this long after the previous one completed. */
  nextTaskDelayMs: 8000,
  /** In auto mode a failed task is followed by the next one after this delay. */
  afterFailureDelayMs: 10000,
  /** The final summary starts this long after the last task. */
  summaryDelayMs: 1000,
  /** Pause between 'I need to understand the goal' and the first model call. */
  firstThinkingPauseMs: 1000,
  /** First task retry waits this long; each further retry doubles it (5 s, 10 s). */
  taskRetryBaseMs: 5000,
  /** Flow-call backoff: base delay doubled per failed attempt. */
  flowCallBaseMs: 1000,
  /** Flow-call backoff: random jitter added to each delay, at most this much. */
  flowCallJitterMs: 1000,
  /** Flow-call backoff never waits longer than this. */
  flowCallMaxDelayMs: 15000,
} as const;

/** Client-side delays and sizes from both spec documents (feed scrolling, code blocks, IDE, toasts). */
export const UI_TIMING = {
  scrollRepeatMs: [100, 500],
  copyConfirmMs: 2000,
  codeRunBusyMs: 1000,
  previewRemeasureMs: 500,
  ideSaveDelayMs: 500,
  ideRunDelayMs: 500,
  toastDurationMs: 5000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

/** The longest goal a run accepts, in characters. */
export const GOAL_MAX_LENGTH = 10_000;
/** At most this many tasks are taken from a numbered or bulleted reply. */
export const MAX_PARSED_TASKS = 5;
/** A numbered or bulleted reply needs at least this many task lines to count as a list. */
export const MIN_PARSED_LINES = 2;
/** A task reply is asked to stay under this many words. */
export const SUBTASK_WORD_LIMIT = 500;

/** The model providers a user can choose. */
export const AI_PROVIDERS = [
  'runpod',
  'huggingface',
  'openai',
  'huggingface-free',
  'aiml',
  'lmstudio',
] as const;
/** One of the model providers. */
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** Provider used for runs when none is chosen. */
export const DEFAULT_RUN_PROVIDER: AiProvider = 'lmstudio';
/** Provider pre-selected in the settings form. */
export const DEFAULT_SETTINGS_PROVIDER: AiProvider = 'huggingface';
/** The hosted provider; choosing it forces HOSTED_MODEL. */
export const HOSTED_PROVIDER: AiProvider = 'aiml';
/** Model forced when the hosted provider is selected. */
export const HOSTED_MODEL = 'gpt-4';
/** Model name sent when none is configured. */
export const DEFAULT_MODEL = 'local-model';
/** Default model endpoint (LM Studio's OpenAI-compatible server). */
export const DEFAULT_MODEL_ENDPOINT = 'http://localhost:1234/v1';
/** Temperature default and slider range. */
export const DEFAULT_TEMPERATURE = 0.7;
export const TEMPERATURE_RANGE = { min: 0, max: 1, step: 0.1 } as const;

/** Hosting site names are this prefix plus a timestamp. */
export const HOSTING_SITE_PREFIX = 'flows-website-';
/** Browser storage keys of the core spec. */
export const STORAGE_KEYS = {
  lastWebsiteId: 'flows_last_website_id',
  lastWebsiteTaskId: 'flows_last_website_task_id',
  theme: 'theme',
} as const;

/** Default timeout of an API integration, in milliseconds. */
export const DEFAULT_API_TIMEOUT_MS = 30000;
