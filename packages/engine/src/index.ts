export {
  attachmentsSection,
  FILE_TEXT,
  type PromptAttachment,
  splitIntoParts,
  withAttachments,
} from './attachments';
export {
  type CodeBlock,
  extractCodeBlocks,
  hasVisualMode,
  isRunnableLanguage,
  RUNNABLE_LANGUAGES,
  VISUAL_LANGUAGES,
} from './code-blocks';
export {
  AI_PROVIDERS,
  type AiProvider,
  DEFAULT_API_TIMEOUT_MS,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ENDPOINT,
  DEFAULT_RUN_PROVIDER,
  DEFAULT_SETTINGS_PROVIDER,
  DEFAULT_TEMPERATURE,
  FLOW_TIMING,
  GOAL_MAX_LENGTH,
  HOSTED_MODEL,
  HOSTED_PROVIDER,
  HOSTING_SITE_PREFIX,
  MAX_PARSED_TASKS,
  MIN_PARSED_LINES,
  STORAGE_KEYS,
  SUBTASK_WORD_LIMIT,
  TEMPERATURE_RANGE,
  UI_TIMING,
} from './constants';
export { type ExportStep, exportFileName, formatExport } from './export';
export { extensionForLanguage, languageFromFilename, nextGeneratedFileName } from './files';
export * from './flow';
export {
  hostingSiteName,
  readDeployResult,
  readSiteCreation,
  ZDeployResult,
  ZSiteCreationResult,
} from './hosting';
export * from './html';
export {
  type JsonBounds,
  type JsonBoundsProblem,
  jsonBoundsProblem,
  MAX_JSON_BYTES,
  MAX_JSON_DEPTH,
  utf8Length,
} from './json-bounds';
export {
  buildPreviewDocument,
  classifyPreview,
  type PreviewContent,
  type PreviewKind,
} from './preview';
export {
  ideAssistantPrompt,
  summaryPrompt,
  type TaskOutcome,
  taskListPrompt,
  taskPrompt,
  websitePrompt,
} from './prompts';
export { engineLabel, modelForProvider } from './providers';
export { createReasoningSplitter, type ReasoningParts, splitReasoning } from './reasoning';
export { extractFlowResult, type FlowResult, splitThinking } from './result';
export {
  classifyFlowError,
  FLOW_CALL_ATTEMPTS,
  type FlowFailureKind,
  flowCallDelay,
  TASK_RETRIES,
  taskRetryDelay,
} from './retry';
export {
  type FlowStep,
  type FlowStepType,
  hasTaskErrors,
  needsFeedback,
  STEP_LABELS,
  STEP_TYPES,
} from './steps';
export {
  fallbackTasks,
  isDeployTask,
  isWebsiteTask,
  type ParsedTaskList,
  type ParsedTaskSource,
  type PlannedTasks,
  parseTaskList,
  planTasks,
  TASK_SOURCE_LABELS,
  type TaskSource,
  WEBSITE_FALLBACK_TASKS,
} from './tasks';
export {
  type DateParts,
  dateParts,
  formatHistoryTime,
  formatStepTime,
  formatTimestamp,
} from './time';
