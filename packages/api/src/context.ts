import type { Database } from '@flows/db';
import type { SessionUser } from './auth/accounts';
import type { Auth } from './auth/lucia';
import type { LoginLimits } from './auth/throttle';
import type { FileLimits } from './files/service';
import type { ModelEndpointKey } from './flow/model-keys';
import type { FlowSystem } from './flow/system';
import type { UsageLimits } from './flow/usage-limits';
import type { HostingConfig } from './hosting/sites';
import type { VisitorSiteLimits } from './hosting/visitor-sites';

export type { SessionUser } from './auth/accounts';

/**
 * Operator settings, built once from the server's configuration. Services take the pieces they
 * need by their names here, so this one shape is what the server hands to procedures and runs.
 */
export type ApiConfig = {
  /** 32-byte key for AES-256-GCM encryption of stored secrets. */
  secretKey: Buffer;
  /** Whether outbound calls may reach private, loopback and link-local addresses. */
  allowPrivateTargets: boolean;
  /** The model endpoint runs use unless a request names another allowed one. */
  modelEndpoint: string;
  modelApiKey: string | undefined;
  /** How long one model call attempt may take. */
  modelTimeoutMs: number;
  /** The model is the scripted demo (`pnpm demo`). */
  modelDemo: boolean;
  /** Every model endpoint the server may call (modelEndpoint included). */
  allowedModelEndpoints: string[];
  /** The operator's model keys, each bound to the one endpoint it is sent to. */
  modelApiKeys: readonly ModelEndpointKey[];
  /** Multiplier for the flow's waits; 0 runs without waiting. */
  flowTimeScale: number;
  /** Where deployed sites are announced: SITES_URL, else where users reach Flows. */
  siteBaseUrl: string;
  /** Visitors' sites: deploys per client address per day, and hours a site lives (0 = no limit). */
  visitorSites: VisitorSiteLimits;
  /** Where runs deploy (HOSTING_PROVIDER) and the Netlify account, present when it has a token. */
  hosting: HostingConfig;
  /** Failed logins allowed per username and address, and per address (DEFAULT_LOGIN_LIMITS). */
  loginLimits?: LoginLimits;
  /** Files: size per file, files per run, documents' text per prompt, visitors' file lifetime. */
  files: FileLimits;
  /** The free plan's runs per 24 hours, per visitor address or per account (0 or absent: no limit). */
  freeFlowsPerDay?: number;
};

/**
 * What every procedure receives; the server builds it per request, tests with `testContext`.
 * Only procedures read it: they hand services plain values (db, user id, config pieces).
 */
export type Context = {
  db: Database;
  config: ApiConfig;
  auth: Auth;
  user: SessionUser | null;
  sessionId: string | null;
  /** The API token the request signed in with (`Authorization: Bearer`); absent for sessions. */
  apiTokenId?: string | null;
  /**
   * The JSON text of the user's history, when the request's session check read it too (a read
   * of the history: see validateSessionWithHistory); `task.list` answers with it instead of
   * reading it again.
   */
  historyJson?: string | null;
  /**
   * The caller's address as every per-address limit counts it: the socket's peer, or the
   * forwarded client behind a trusted proxy (TRUST_PROXY); an IPv6 address by its /64.
   */
  clientIp: string;
  /** Durable runs and the live feed; null where runs are not available (unit tests). */
  flows: FlowSystem | null;
  /** This process's limits on runs and model calls; absent where nothing is limited (unit tests). */
  usageLimits?: UsageLimits;
  /** Adds a response header (Set-Cookie, Retry-After) on whichever transport carries the call. */
  setHeader: (name: string, value: string) => void;
};
