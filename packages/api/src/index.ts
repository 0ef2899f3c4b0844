export { type Auth, createAuth } from './auth/lucia';
export * from './contracts/auth';
export { type AppRouter, appRouter, createCaller } from './root';
export {
  type ApiConfig,
  type Context,
  createContextInner,
  type InputIssue,
  inputIssues,
  type SessionUser,
} from './trpc';
