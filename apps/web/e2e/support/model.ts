import { inject } from 'vitest';
import type { ModelRequestsJson, ModelRuleJson } from './model-control';

/** A rule for the shared scripted model: prompts matching `match` get `reply` (or `fault`). */
export type ModelRule = {
  match: RegExp;
  reply?: string;
  /** A reasoning model's thinking, streamed (as `reasoning_content`) before the reply. */
  reasoning?: string;
  fault?: ModelRuleJson['fault'];
  /** How many prompts the rule answers; forever when unset. */
  times?: number;
};

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${inject('modelControlUrl')}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Model control ${path}: ${await response.text()}`);
  return response;
}

/**
 * Puts rules in front of the scripted model's demo script, for the rest of the test (until
 * `resetModel()`, which `useBrowser()` calls before each test).
 */
export async function scriptModel(...rules: ModelRule[]): Promise<void> {
  const payload: ModelRuleJson[] = rules.map(({ match, ...rest }) => ({
    match: { source: match.source, flags: match.flags },
    ...rest,
  }));
  await control('POST', '/rules', payload);
}

/** Drops the rules added by `scriptModel()` and forgets the requests the model received. */
export async function resetModel(): Promise<void> {
  await control('POST', '/reset');
}

/** The chat requests the model received since the last reset (prompt, model, stream, ...). */
export async function modelRequests(): Promise<ModelRequestsJson> {
  return (await control('GET', '/requests')).json() as Promise<ModelRequestsJson>;
}
