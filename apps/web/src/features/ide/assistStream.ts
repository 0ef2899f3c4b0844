import { ApiError, apiHeaders } from '../../lib/api';

/** The path of the streamed assistant call (flow.assist over REST, Server-Sent Events). */
export const ASSIST_PATH = '/api/flow/assist';

/** One Server-Sent Event: its name and data. */
export type SseEvent = { event: string; data: string };

/**
 * Splits the text received so far into whole events and the unfinished rest. Comments
 * (keep-alives) are skipped; an event without a name is `message`.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** The assistant call's input (flow.run's shape): the model settings, the prompt. */
export type AssistInput = {
  provider?: string;
  endpoint?: string;
  input: { prompt: string; temperature: number; model?: string };
};

/**
 * Calls the assistant and streams its reply: `onText` gets the reply so far each time more
 * arrives (from the start again after a retried attempt). Resolves to the whole reply; rejects
 * on a non-OK answer (an ApiError), an `error` event, or a stream that ends early.
 */
export async function streamAssistant(
  body: AssistInput,
  onText: (soFar: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(ASSIST_PATH, {
    method: 'POST',
    headers: { ...apiHeaders, Accept: 'text/event-stream' },
    credentials: 'include',
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let soFar = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseSse(buffer);
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) {
      const payload = JSON.parse(data) as { text?: unknown; result?: unknown; error?: unknown };
      if (event === 'text' && typeof payload.text === 'string') {
        soFar += payload.text;
        onText(soFar);
      } else if (event === 'retry') {
        soFar = '';
        onText(soFar);
      } else if (event === 'done' && typeof payload.result === 'string') {
        await reader.cancel().catch(() => {});
        return payload.result;
      } else if (event === 'error') {
        throw new Error(typeof payload.error === 'string' ? payload.error : 'The call failed');
      }
    }
  }
  throw new Error('The reply broke off');
}
