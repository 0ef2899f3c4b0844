import type { TestProject } from 'vitest/node';
import { startModelControl } from './model-control';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared server serves the app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The scripted model's control address (see model.ts). */
    modelControlUrl: string;
  }
}

/** Starts one server and scripted model for the whole browser-test run, and stops them after. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  const control = await startModelControl(stack.model);
  project.provide('baseUrl', stack.baseUrl);
  project.provide('modelControlUrl', control.url);
  return async () => {
    await control.close();
    await stack.stop();
  };
}
