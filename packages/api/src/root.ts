import { authRouter } from './router/auth';
import { templateRouter } from './router/template';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  template: templateRouter,
});

/** The type the web client imports to call procedures with full types. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
