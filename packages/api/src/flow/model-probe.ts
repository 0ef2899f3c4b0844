import OpenAI from 'openai';
import { modelFetch, normalizeEndpoint } from './model-client';

/** What a look at a model endpoint found: whether it answered, and the models it offers. */
export type ModelProbe = { reachable: boolean; models: string[] };

/** A probe is reused for this long (and a failed one for less, so a model just started shows soon). */
const REACHABLE_FOR_MS = 10_000;
const UNREACHABLE_FOR_MS = 3_000;
const PROBE_TIMEOUT_MS = 3_000;

const probes = new Map<string, { until: number; probe: Promise<ModelProbe> }>();

async function listModels(endpoint: string, apiKey: string | undefined): Promise<ModelProbe> {
  const client = new OpenAI({
    baseURL: endpoint,
    apiKey: apiKey || 'not-needed',
    maxRetries: 0,
    timeout: PROBE_TIMEOUT_MS,
    fetch: modelFetch,
  });
  try {
    const page = await client.models.list();
    return { reachable: true, models: page.data.map((model) => model.id).slice(0, 100) };
  } catch {
    return { reachable: false, models: [] };
  }
}

/**
 * Asks the endpoint's GET /models whether the model server is up and what it offers. Answers are
 * shared by concurrent callers and cached for at most 10 s; a failure is `reachable: false`.
 */
export function probeModel(endpoint: string, apiKey: string | undefined): Promise<ModelProbe> {
  const key = normalizeEndpoint(endpoint);
  const now = Date.now();
  const cached = probes.get(key);
  if (cached && cached.until > now) return cached.probe;
  const probe = listModels(key, apiKey);
  probes.set(key, { until: now + REACHABLE_FOR_MS, probe });
  void probe.then((found) => {
    if (!found.reachable) probes.set(key, { until: Date.now() + UNREACHABLE_FOR_MS, probe });
  });
  return probe;
}
