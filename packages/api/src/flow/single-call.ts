import { engineLabel } from '@flows/engine';
import { TRPCError } from '@trpc/server';
import type { TFlowRunInput } from '../contracts/flow';
import { callModel, ModelCallError, type ModelSettings } from './model-client';
import { type ModelEndpointKey, operatorModelKey } from './model-keys';

/** What a single model call needs from the operator's settings (ApiConfig's fields). */
export type SingleCallSettings = {
  modelApiKeys: readonly ModelEndpointKey[];
  flowTimeScale: number;
  modelTimeoutMs: number;
};

/**
 * One model call outside a run (task list, subtask, summary or the IDE assistant) to an endpoint
 * already checked against the allowed ones: `{ result, thinking? }`, or 502 with a message
 * naming the provider. The caller's own key wins; else the operator's key for that endpoint.
 */
export async function singleModelCall(
  input: TFlowRunInput,
  endpoint: string,
  settings: SingleCallSettings,
) {
  try {
    const answer = await callModel(callSettings(input, endpoint, settings), input.input.prompt, {
      timeScale: settings.flowTimeScale,
      timeoutMs: settings.modelTimeoutMs,
    });
    const thinking = answer.reasoning.trim();
    return thinking ? { result: answer.reply, thinking } : { result: answer.reply };
  } catch (error) {
    throw modelCallFailure(input.provider, error);
  }
}

/** How a single call talks to its model: the caller's own key wins, else the operator's one. */
export function callSettings(
  input: TFlowRunInput,
  endpoint: string,
  settings: SingleCallSettings,
): ModelSettings {
  return {
    provider: input.provider,
    endpoint,
    model: input.input.model,
    temperature: input.input.temperature,
    apiKey: input.apiKey || operatorModelKey(settings.modelApiKeys, endpoint),
  };
}

/** The 502 a failed single model call answers, its message naming the provider. */
export function modelCallFailure(provider: TFlowRunInput['provider'], error: unknown): TRPCError {
  const failure = error instanceof ModelCallError ? error : undefined;
  const message =
    failure?.kind === 'http'
      ? `Failed to get response from ${engineLabel(provider)}. ${failure.message}`
      : provider === 'aiml'
        ? 'Failed to connect to AIML API. Please try again later.'
        : 'Failed to connect to the AI service. The connection may be temporarily unavailable.';
  return new TRPCError({ code: 'BAD_GATEWAY', message, cause: error });
}
