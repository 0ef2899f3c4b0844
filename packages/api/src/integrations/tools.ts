import { apiIntegrations, type Database, webhooks } from '@flows/db';
import type { ToolCallRequest } from '@flows/engine';
import { and, asc, eq } from 'drizzle-orm';
import {
  integrationMethods,
  ZExecuteIntegrationInput,
  ZExecuteWebhookInput,
} from '../contracts/integrations';
import { maskUrlSecrets } from '../secrets/url-secrets';
import type { RunToolCall } from './execute';
import { joinEndpoint } from './integration-call';

/** A tool call as the model made it (its arguments as the JSON text it wrote). */
type ModelToolCall = { id: string; name: string; arguments: string };

/** A tool a run offers: what the model sees (name, description, parameters), and its item. */
export type OfferedTool = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  item: NonNullable<ToolCallRequest['item']>;
  /** A webhook's method; an integration's base URL (calls must stay under it). */
  method: string;
  baseUrl: string | null;
};

const MAX_DESCRIPTION_CHARS = 1000;

/** A function name the OpenAI protocol accepts (`^[a-zA-Z0-9_-]{1,64}$`), from an item's name. */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
}

/** Unique names: `webhook_<name>` / `api_<name>`, a number added for a second of the same. */
function namer() {
  const taken = new Set<string>();
  return (prefix: string, name: string) => {
    const base = [prefix, slugOf(name)].filter(Boolean).join('_');
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
    taken.add(candidate);
    return candidate;
  };
}

const clip = (text: string) => text.slice(0, MAX_DESCRIPTION_CHARS);

/**
 * The tools a run of `userId` offers: their webhooks and API integrations marked 'Use in flows',
 * oldest first (so names stay put as items are added). Visitors (null) have none.
 */
export async function offeredTools(db: Database, userId: string | null): Promise<OfferedTool[]> {
  if (!userId) return [];
  const [hooks, apis] = await Promise.all([
    db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.userId, userId), eq(webhooks.useInFlows, true)))
      .orderBy(asc(webhooks.createdAt), asc(webhooks.id)),
    db
      .select()
      .from(apiIntegrations)
      .where(and(eq(apiIntegrations.userId, userId), eq(apiIntegrations.useInFlows, true)))
      .orderBy(asc(apiIntegrations.createdAt), asc(apiIntegrations.id)),
  ]);
  const name = namer();
  const tools: OfferedTool[] = hooks.map((row) => {
    const url = maskUrlSecrets(row.url);
    const about = `Sends a JSON payload (the arguments) to the webhook "${row.name}" (${row.method} ${url}).`;
    return {
      name: name('webhook', row.name),
      description: clip(row.description ? `${row.description}\n\n${about}` : about),
      parameters: {
        type: 'object',
        description: 'The JSON payload the webhook is sent',
        additionalProperties: true,
      },
      item: { kind: 'webhook', id: row.id, ask: row.askBeforeCall, target: `${row.method} ${url}` },
      method: row.method,
      baseUrl: null,
    };
  });
  for (const row of apis) {
    const base = maskUrlSecrets(row.baseUrl);
    const about = `Calls the API "${row.name}" at ${base}: give the endpoint (a path under that address), the method and, if needed, a JSON body (data) and query parameters (params).`;
    tools.push({
      name: name('api', row.name),
      description: clip(row.description ? `${row.description}\n\n${about}` : about),
      parameters: {
        type: 'object',
        properties: {
          endpoint: { type: 'string', description: `A path under ${base}, e.g. /items` },
          method: { type: 'string', enum: [...integrationMethods] },
          data: { description: 'The JSON body (not sent with GET)' },
          params: {
            type: 'object',
            description: 'Query parameters',
            additionalProperties: true,
          },
        },
        required: ['endpoint', 'method'],
        additionalProperties: false,
      },
      item: { kind: 'integration', id: row.id, ask: row.askBeforeCall, target: base },
      method: '',
      baseUrl: row.baseUrl,
    });
  }
  return tools;
}

/** The address an integration's endpoint names, or why it is not under the base URL. */
function underBaseUrl(baseUrl: string, endpoint: string): URL | string {
  const target = joinEndpoint(baseUrl, endpoint);
  if (!target) return 'The endpoint must be a path under the base URL';
  const prefix = new URL(baseUrl);
  const basePath = prefix.pathname.replace(/\/+$/, '');
  const inside =
    target.origin === prefix.origin &&
    (target.pathname === basePath ||
      target.pathname.startsWith(`${basePath}/`) ||
      (basePath === '' && target.pathname === '/'));
  return inside ? target : `The endpoint must stay under ${maskUrlSecrets(baseUrl)}`;
}

const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Invalid arguments';

/** The arguments of a call as JSON: '' is `{}`; text that does not parse is a problem. */
function argumentsOf(text: string): { value: unknown } | { problem: string } {
  if (text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: 'The arguments are not valid JSON' };
  }
}

/**
 * Checks a call's arguments against its tool: a webhook's payload is bounded JSON; an API call
 * is `{ endpoint, method, data?, params? }` with the endpoint under the base URL and an allowed
 * method. Returns the call to make, or why it cannot be made.
 */
export function checkToolCall(
  request: Pick<ToolCallRequest, 'arguments'> & { item: { kind: string; id: string } },
  baseUrl: string | null,
): { call: RunToolCall } | { problem: string } {
  const parsed = argumentsOf(request.arguments);
  if ('problem' in parsed) return parsed;
  const { id, kind } = request.item;
  if (kind === 'webhook') {
    const checked = ZExecuteWebhookInput.safeParse({ id, payload: parsed.value });
    if (!checked.success) return { problem: firstIssue(checked.error) };
    return { call: { kind: 'webhook', id, payload: checked.data.payload } };
  }
  const args = parsed.value;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { problem: 'The arguments must be a JSON object { endpoint, method, data?, params? }' };
  }
  const { endpoint, method, data, params } = args as Record<string, unknown>;
  const checked = ZExecuteIntegrationInput.safeParse({ id, endpoint, method, data, params });
  if (!checked.success) return { problem: firstIssue(checked.error) };
  if (method === undefined)
    return { problem: `Method must be one of ${integrationMethods.join(', ')}` };
  if (baseUrl !== null) {
    const target = underBaseUrl(baseUrl, checked.data.endpoint);
    if (typeof target === 'string') return { problem: target };
  }
  return { call: { kind: 'integration', id, input: checked.data } };
}

/** The model's calls matched to the offered tools, each with what it will call (or its problem). */
export function resolveToolCalls(
  offered: readonly OfferedTool[],
  calls: readonly ModelToolCall[],
): ToolCallRequest[] {
  return calls.map((call) => {
    const request: ToolCallRequest = {
      id: call.id,
      tool: call.name,
      arguments: call.arguments,
      item: null,
    };
    const tool = offered.find((candidate) => candidate.name === call.name);
    if (!tool) return request;
    const checked = checkToolCall({ arguments: call.arguments, item: tool.item }, tool.baseUrl);
    if ('problem' in checked) return { ...request, item: tool.item, problem: checked.problem };
    let target = tool.item.target;
    if (checked.call.kind === 'integration') {
      const url = underBaseUrl(tool.baseUrl ?? '', checked.call.input.endpoint);
      target = `${checked.call.input.method} ${maskUrlSecrets(String(url))}`;
    }
    return { ...request, item: { ...tool.item, target } };
  });
}
