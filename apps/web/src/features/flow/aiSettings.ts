import { ZModelApiKey, ZModelEndpoint, ZModelName, ZTemperature } from '@flows/api/contracts';
import {
  AI_PROVIDERS,
  type AiProvider,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ENDPOINT,
  DEFAULT_RUN_PROVIDER,
  DEFAULT_SETTINGS_PROVIDER,
  DEFAULT_TEMPERATURE,
} from '@flows/engine';
import { z } from 'zod';
import { contractRules } from '../../lib/forms';
import { readStored, writeStored } from './storage';

/** Browser storage key of the saved AI settings. */
export const AI_SETTINGS_KEY = 'flows_ai_settings';

/** The provider the settings modal fixes: the local AI engine. */
export const LOCAL_ENGINE_PROVIDER: AiProvider = 'lmstudio';

/**
 * Validation rules of spec section 5 for the AI settings: the run contract's fields (a run sends
 * them), with a model name required here, where no default fills it in.
 */
export const ZAiSettings = z.object({
  provider: z.enum(AI_PROVIDERS, { error: 'Invalid input' }),
  apiKey: ZModelApiKey.optional(),
  endpoint: ZModelEndpoint,
  model: ZModelName,
  temperature: ZTemperature,
});

/** Provider, optional API key, endpoint, model and temperature of the runs this browser starts. */
export type AiSettings = z.infer<typeof ZAiSettings>;

/** Field messages of invalid settings, keyed by field name. */
export type AiSettingsErrors = Partial<Record<keyof AiSettings, string>>;

/** What a run uses when nothing was saved: the local engine with the spec's defaults. */
export const DEFAULT_RUN_SETTINGS: AiSettings = {
  provider: DEFAULT_RUN_PROVIDER,
  endpoint: DEFAULT_MODEL_ENDPOINT,
  model: DEFAULT_MODEL,
  temperature: DEFAULT_TEMPERATURE,
};

/** What the settings form starts from when nothing was saved (spec: huggingface pre-selected). */
export const DEFAULT_FORM_SETTINGS: AiSettings = {
  ...DEFAULT_RUN_SETTINGS,
  provider: DEFAULT_SETTINGS_PROVIDER,
};

/** The field messages of `settings`, empty when they are valid. */
export const validateAiSettings = contractRules(ZAiSettings) as (
  settings: unknown,
) => AiSettingsErrors;

/** The saved settings, or null when none are saved or what is saved is not valid. */
export function loadAiSettings(): AiSettings | null {
  const raw = readStored(AI_SETTINGS_KEY);
  if (!raw) return null;
  try {
    const parsed = ZAiSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves settings in the browser; invalid settings throw and nothing is stored. */
export function saveAiSettings(settings: AiSettings): AiSettings {
  const parsed = ZAiSettings.safeParse(settings);
  if (!parsed.success) {
    throw new Error(`Invalid AI settings: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  writeStored(AI_SETTINGS_KEY, JSON.stringify(parsed.data));
  return parsed.data;
}

const trimSlash = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * The endpoint to send with a run: the saved one when the server may call it, otherwise none (the
 * server then uses its own model endpoint instead of refusing the run).
 */
export function runEndpoint(settings: AiSettings, allowed: readonly string[] | undefined) {
  const wanted = trimSlash(settings.endpoint);
  return allowed?.some((endpoint) => trimSlash(endpoint) === wanted)
    ? settings.endpoint
    : undefined;
}
