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

/** Pause between the shared scripted model's streamed words, in ms. */
export const MODEL_CHUNK_DELAY_MS = 8;

/** Starts one server and scripted model for the whole browser-test run, and stops them after. */
export default async function setup(project: TestProject) {
  // Replies stream word by word with a short pause, as a real model's do: the workspace's
  // streaming bubble shows, and a long scripted reply keeps a run busy long enough to stop or
  // reload it mid-run without hanging the model.
  const stack = await startStack({ modelChunkDelayMs: MODEL_CHUNK_DELAY_MS });
  const control = await startModelControl(stack.model);
  project.provide('baseUrl', stack.baseUrl);
  project.provide('modelControlUrl', control.url);
  return async () => {
    await control.close();
    await stack.stop();
  };
}
