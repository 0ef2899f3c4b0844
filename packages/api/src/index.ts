export { type AppRouter, appRouter, createCaller } from './root';
export {
  type Context,
  createContextInner,
  type InputIssue,
  inputIssues,
  type SessionUser,
} from './trpc';
