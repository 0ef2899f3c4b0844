export { type Auth, createAuth } from './auth/lucia';
export * from './contracts/auth';
export * from './contracts/flow';
export * from './contracts/integrations';
export { type FlowFeedEvent, openFlowEvents } from './flow/events';
export type { FlowRunView, StepView } from './flow/service';
export { createFlowSystem, type FlowSystem, type FlowSystemOptions } from './flow/system';
export { currentSiteHtml } from './hosting/sites';
export {
  type GuardedOptions,
  type GuardedRequest,
  type GuardedResponse,
  guardedFetch,
  OutboundError,
} from './integrations/outbound';
export { type AppRouter, appRouter, createCaller } from './root';
export {
  type ApiConfig,
  type Context,
  createContextInner,
  type InputIssue,
  inputIssues,
  type SessionUser,
} from './trpc';
