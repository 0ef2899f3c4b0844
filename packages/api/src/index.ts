export { deleteExpiredAuthRecords } from './auth/cleanup';
export { type Auth, type AuthOptions, createAuth, DEFAULT_SESSION_MAX_AGE_MS } from './auth/lucia';
export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/throttle';
export * from './contracts/auth';
export * from './contracts/flow';
export * from './contracts/integrations';
export { type FlowFeedEvent, openFlowEvents } from './flow/events';
export type { FlowRunView, StepView } from './flow/service';
export { createFlowSystem, type FlowSystem, type FlowSystemOptions } from './flow/system';
export {
  createUsageLimits,
  type UsageLimitSettings,
  type UsageLimits,
} from './flow/usage-limits';
export { currentSiteHtml, isSiteSlug } from './hosting/sites';
export type { TSiteView } from './hosting/unpublish';
export {
  type GuardedOptions,
  type GuardedRequest,
  type GuardedResponse,
  guardedFetch,
  OutboundError,
} from './integrations/outbound';
export { sealStoredWebhookUrls } from './integrations/webhook-store';
export { type AppRouter, appRouter, createCaller } from './root';
export {
  type ApiConfig,
  type Context,
  createContextInner,
  type InputIssue,
  inputIssues,
  type SessionUser,
} from './trpc';
