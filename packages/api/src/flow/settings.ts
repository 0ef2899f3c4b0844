import type { FileLimits } from '../files/service';
import type { HostingConfig } from '../hosting/sites';
import type { ModelEndpointKey } from './model-keys';

/**
 * The operator's settings runs work with. The fields are ApiConfig's, by the same names, so the
 * server hands runs the one configuration it hands procedures.
 */
export type FlowSettings = {
  /** Key of the runs' encrypted model API keys. */
  secretKey: Buffer;
  /** Multiplier for the flow's waits (model-call backoff, deploy checks); 0 runs without waiting. */
  flowTimeScale: number;
  /** The operator's model keys (from config), each sent only to its endpoint; never stored. */
  modelApiKeys: readonly ModelEndpointKey[];
  /** How long one model call attempt may take. */
  modelTimeoutMs: number;
  /** Where runs deploy websites (HOSTING_PROVIDER) and the Netlify account. */
  hosting: HostingConfig;
  /** Whether deploys may call private and loopback addresses. */
  allowPrivateTargets: boolean;
  /** Where the built-in host serves sites, e.g. http://localhost:3000 */
  siteBaseUrl: string;
  /** The documents' text budget per prompt (promptBudgetChars) and the other file limits. */
  files: FileLimits;
};
