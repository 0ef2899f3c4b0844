import { authRouter } from './router/auth';
import { fileRouter } from './router/file';
import { flowRouter } from './router/flow';
import { integrationRouter } from './router/integration';
import { systemRouter } from './router/system';
import { taskRouter } from './router/task';
import { templateRouter } from './router/template';
import { tokenRouter } from './router/token';
import { webhookRouter } from './router/webhook';
import { websiteRouter } from './router/website';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  flow: flowRouter,
  system: systemRouter,
  task: taskRouter,
  website: websiteRouter,
  template: templateRouter,
  webhook: webhookRouter,
  integration: integrationRouter,
  file: fileRouter,
  token: tokenRouter,
});

/** The type the web client imports to call procedures with full types. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
