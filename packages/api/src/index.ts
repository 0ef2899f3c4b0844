export { ApiTokenError, userForApiToken } from './auth/api-tokens';
export { deleteExpiredAuthRecords } from './auth/cleanup';
export { type Auth, createAuth } from './auth/lucia';
export type { ApiConfig, Context, SessionUser } from './context';
export * from './contracts/auth';
export * from './contracts/files';
export * from './contracts/flow';
export * from './contracts/integrations';
export * from './contracts/tokens';
export {
  type FileLimits,
  fileContent,
  fileTooLarge,
  removeExpiredVisitorFiles,
  sizeLimitText,
  uploadFile,
} from './files/service';
export { type FlowFeedEvent, openFlowEventBatches, openFlowEvents } from './flow/events';
export type { FlowRunView } from './flow/feed';
export type { StepView } from './flow/service';
export { createFlowSystem, type FlowSystem } from './flow/system';
export { validateSessionWithHistory } from './flow/tasks';
export { createUsageLimits, type UsageLimits } from './flow/usage-limits';
export { currentSiteHtml, isSiteSlug } from './hosting/sites';
export type { TSiteView } from './hosting/unpublish';
export { sealStoredAddresses } from './integrations/seal-addresses';
export { type AppRouter, appRouter, createCaller } from './root';
export { type InputIssue, inputIssues } from './trpc';
