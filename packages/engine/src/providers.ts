import { type AiProvider, DEFAULT_MODEL, HOSTED_MODEL, HOSTED_PROVIDER } from './constants';

/** The engine name shown in steps and errors: 'AIML API' for the hosted provider, else 'Local AI Engine'. */
export function engineLabel(provider: AiProvider): string {
  return provider === HOSTED_PROVIDER ? 'AIML API' : 'Local AI Engine';
}

/** The model a run uses: the hosted provider forces its model; a blank model falls back to the default. */
export function modelForProvider(provider: AiProvider, model?: string | null): string {
  if (provider === HOSTED_PROVIDER) return HOSTED_MODEL;
  const trimmed = model?.trim();
  return trimmed ? trimmed : DEFAULT_MODEL;
}
