import type { TFlowRunInput } from '../contracts/flow';
import { callModel } from './model-client';
import { callSettings, modelCallFailure, type SingleCallSettings } from './single-call';

/**
 * What the IDE assistant's streaming call sends: the reply's text as it arrives, `retry` when a
 * failed attempt starts over (the text so far is void), and `done` with the whole reply.
 */
export type AssistEvent =
  | { type: 'text'; text: string }
  | { type: 'retry' }
  | { type: 'done'; result: string };

/**
 * One model call (the IDE assistant's) streamed: the same call as `flow.run`, to an endpoint
 * already checked against the allowed ones, its reply's text yielded as it comes (a reasoning
 * model's thinking is not). Fails with the 502 of {@link modelCallFailure}.
 */
export async function* streamModelCall(
  input: TFlowRunInput,
  endpoint: string,
  settings: SingleCallSettings,
  signal?: AbortSignal,
): AsyncGenerator<AssistEvent> {
  const queue: AssistEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: AssistEvent) => {
    queue.push(event);
    wake?.();
  };
  let outcome: { reply: string } | { error: unknown } | undefined;
  const call = callModel(callSettings(input, endpoint, settings), input.input.prompt, {
    timeScale: settings.flowTimeScale,
    timeoutMs: settings.modelTimeoutMs,
    ...(signal ? { signal } : {}),
    onText: (text, reasoning) => {
      if (!reasoning) push({ type: 'text', text });
    },
    onRetry: () => push({ type: 'retry' }),
  }).then(
    (answer) => {
      outcome = { reply: answer.reply };
      wake?.();
    },
    (error: unknown) => {
      outcome = { error };
      wake?.();
    },
  );
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (outcome) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    await call;
  }
  if ('error' in outcome) throw modelCallFailure(input.provider, outcome.error);
  yield { type: 'done', result: outcome.reply };
}
