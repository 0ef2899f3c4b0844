import { answerText, modelRequest, normalizeEndpoint } from './model-client';

/** What a look at a model endpoint found: whether it answered, and the models it offers. */
export type ModelProbe = { reachable: boolean; models: string[] };

/** A probe is reused for this long (and a failed one for less, so a model just started shows soon). */
const REACHABLE_FOR_MS = 10_000;
const UNREACHABLE_FOR_MS = 3_000;
const PROBE_TIMEOUT_MS = 3_000;

const probes = new Map<string, { until: number; probe: Promise<ModelProbe> }>();

async function listModels(endpoint: string, apiKey: string | undefined): Promise<ModelProbe> {
  try {
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const response = await modelRequest(endpoint, '/models', { apiKey, signal });
    const text = await answerText(response.body);
    if (response.statusCode < 200 || response.statusCode > 299) return unreachable;
    // Any JSON answer is a server that answered; its `data` lists the models, when it has one.
    const list = JSON.parse(text) as { data?: unknown } | null;
    const entries: { id?: unknown }[] = Array.isArray(list?.data) ? list.data : [];
    const models = entries.map((model) => model?.id).filter((id) => typeof id === 'string');
    return { reachable: true, models: models.slice(0, 100) };
  } catch {
    return unreachable;
  }
}

const unreachable: ModelProbe = { reachable: false, models: [] };

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
