import { authRouter } from './router/auth';
import { flowRouter } from './router/flow';
import { taskRouter } from './router/task';
import { templateRouter } from './router/template';
import { websiteRouter } from './router/website';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  flow: flowRouter,
  task: taskRouter,
  website: websiteRouter,
  template: templateRouter,
});

/** The type the web client imports to call procedures with full types. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
