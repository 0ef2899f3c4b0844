import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiConfig } from '@flows/api';
import { z } from 'zod';
import { LOG_LEVELS, type LogSettings } from './logger';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalUrl = z.url({ message: 'must be a URL' }).optional();

/** A limit on how much one client may do; 0 turns it off. */
const limit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number (0 for no limit)' })
    .int('must be a whole number (0 for no limit)')
    .min(0, 'must be 0 (no limit) or more')
    .default(fallback);

const ZConfigEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  MODEL_ENDPOINT: z.url({ message: 'must be a URL' }).default('http://localhost:1234/v1'),
  MODEL_API_KEY: z.string().optional(),
  MODEL_DEMO: flag,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DEV_URL: optionalUrl,
  DEMO_MODEL_PORT: z.coerce.number().int().min(1).max(65535).default(3999),
  MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  FLOW_TIME_SCALE: z.coerce.number().min(0).max(100).default(1),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  ALLOW_PRIVATE_TARGETS: flag,
  PUBLIC_URL: optionalUrl,
  MODEL_ENDPOINTS_ALLOWED: z.string().optional(),
  MODEL_ENDPOINT_KEYS: z.string().optional(),
  SITES_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  VISITOR_SITE_DEPLOYS_PER_DAY: limit(20),
  VISITOR_SITE_TTL_HOURS: limit(24),
  FLOW_WORKER: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => ['true', '1', 'yes'].includes(value)),
  HOSTING_PROVIDER: z
    .enum(['local', 'netlify'], { error: "must be 'local' or 'netlify'" })
    .default('local'),
  NETLIFY_TOKEN: z.string().trim().optional(),
  NETLIFY_API_URL: z.url({ message: 'must be a URL' }).default('https://api.netlify.com'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/i, 'must be true, false or a number of proxy hops')
    .default('false')
    .transform((value): boolean | number => {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === 'yes') return true;
      if (lower === 'false' || lower === 'no') return false;
      return Number(lower);
    }),
  RUNS_PER_HOUR_PER_ADDRESS: limit(60),
  RUNS_PER_HOUR_PER_USER: limit(60),
  MODEL_CALLS_PER_HOUR_PER_ADDRESS: limit(600),
  MODEL_CALLS_PER_HOUR_PER_USER: limit(600),
  SSE_STREAMS_PER_ADDRESS: limit(20),
  SSE_STREAMS_PER_TASK: limit(50),
  SSE_STREAMS_TOTAL: limit(1000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(3_600_000)
    .default(30_000),
  SESSION_MAX_AGE_DAYS: limit(30),
  LOGIN_MAX_FAILURES: limit(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: limit(30),
  FILE_MAX_SIZE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive('must be more than 0')
    .max(1024, 'must be at most 1024')
    .default(10),
  FILES_PER_RUN: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100, 'must be at most 100')
    .default(5),
  FILE_PROMPT_BUDGET_CHARS: z.coerce
    .number({ error: 'must be a number of characters' })
    .int('must be a whole number of characters')
    .min(500, 'must be 500 or more')
    .max(10_000_000)
    .default(12_000),
  VISITOR_FILE_TTL_HOURS: limit(24),
  FREE_FLOWS_PER_DAY: limit(0),
});

/** The names of every setting, as environment variables. */
export const CONFIG_VARIABLES = Object.keys(ZConfigEnv.shape);

/** The validated settings of one server process. */
export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  modelEndpoint: string;
  modelApiKey: string | undefined;
  /** How long one model call attempt may take. */
  modelTimeoutMs: number;
  /** The model is the scripted demo (`pnpm demo`); the web app says so. */
  modelDemo: boolean;
  /** `pnpm demo`: the port its scripted model listens on. */
  demoModelPort: number;
  /** LOG_LEVEL and LOG_FORMAT. */
  log: LogSettings;
  /** `pnpm dev`: the Vite dev server that pages are sent to (WEB_DEV_URL); unset serves the built app. */
  webDevUrl: string | undefined;
  /** MODEL_ENDPOINT plus the comma-separated MODEL_ENDPOINTS_ALLOWED. */
  allowedModelEndpoints: string[];
  /**
   * The operator's model API keys, each sent only to its own endpoint: MODEL_API_KEY to
   * MODEL_ENDPOINT, and each `endpoint=key` of MODEL_ENDPOINT_KEYS to that endpoint.
   */
  modelApiKeys: { endpoint: string; apiKey: string }[];
  flowTimeScale: number;
  secretKey: string | undefined;
  allowPrivateTargets: boolean;
  publicUrl: string | undefined;
  /** Where users reach Flows: PUBLIC_URL, else http://localhost:PORT (deployed sites live below). */
  siteBaseUrl: string;
  /** Where deployed sites are announced: SITES_URL (a separate origin), else siteBaseUrl. */
  sitesBaseUrl: string;
  /** Visitors' sites: deploys per client address per day, and hours a site lives (0 = no limit). */
  visitorSites: { deploysPerDay: number; ttlHours: number };
  /** Whether this process works flow runs (FLOW_WORKER, on by default). */
  runWorker: boolean;
  /** Where runs deploy websites; the Netlify account is present when NETLIFY_TOKEN is set. */
  hosting: {
    provider: 'local' | 'netlify';
    netlify?: { token: string; apiUrl: string };
  };
  /**
   * Which X-Forwarded-For entries name the client (TRUST_PROXY): none (false, the socket's
   * address counts), all (true), or this many proxy hops in front of Flows (0 is false).
   */
  trustProxy: boolean | number;
  /** Runs and single model calls one address or one user may start per hour; 0 = no limit. */
  usageLimits: {
    runsPerHourPerAddress: number;
    runsPerHourPerUser: number;
    modelCallsPerHourPerAddress: number;
    modelCallsPerHourPerUser: number;
  };
  /** Live feeds (SSE) open at once per client address, per task and in all; 0 = no limit. */
  liveFeedLimits: { perAddress: number; perTask: number; total: number };
  /** How long start-up keeps trying to reach DATABASE_URL before it gives up. */
  databaseConnectTimeoutMs: number;
  /** A session ends this long after sign-in however often it is used (0 = no such limit). */
  sessionMaxAgeMs: number;
  /** Failed logins per username and address, and per address across usernames (0 = no limit). */
  loginLimits: { perAccount: number; perAddress: number };
  /** Files: bytes per file, files per run, documents' text per prompt, visitors' file lifetime. */
  files: {
    maxBytes: number;
    perRun: number;
    promptBudgetChars: number;
    visitorTtlHours: number;
  };
  /** The free plan's runs per 24 hours, per visitor address or per account (0 = no limit). */
  freeFlowsPerDay: number;
};

/** A configuration problem that must stop start-up, naming the variable at fault. */
export class ConfigError extends Error {}

const sameEndpoint = (a: string, b: string) =>
  a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/**
 * The operator's model keys, each bound to one endpoint: MODEL_API_KEY to MODEL_ENDPOINT, and
 * each `endpoint=key` entry of MODEL_ENDPOINT_KEYS to its endpoint, which must be allowed.
 * Messages never repeat a key.
 */
function modelApiKeys(
  value: { MODEL_ENDPOINT: string; MODEL_API_KEY?: string; MODEL_ENDPOINT_KEYS?: string },
  allowed: string[],
): Config['modelApiKeys'] {
  const keys = value.MODEL_API_KEY
    ? [{ endpoint: value.MODEL_ENDPOINT, apiKey: value.MODEL_API_KEY }]
    : [];
  const entries = (value.MODEL_ENDPOINT_KEYS ?? '').split(',').map((entry) => entry.trim());
  for (const [index, entry] of entries.filter(Boolean).entries()) {
    const fail = (why: string) =>
      new ConfigError(`Invalid configuration: MODEL_ENDPOINT_KEYS entry ${index + 1} ${why}`);
    const equals = entry.indexOf('=');
    const endpoint = entry.slice(0, Math.max(equals, 0)).trim();
    const apiKey = entry.slice(equals + 1).trim();
    if (equals <= 0 || !apiKey) throw fail('must be endpoint=key');
    if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
      throw fail('must start with an http:// or https:// endpoint');
    }
    if (!allowed.some((candidate) => sameEndpoint(candidate, endpoint))) {
      throw fail(
        `names ${endpoint}, which is neither MODEL_ENDPOINT nor in MODEL_ENDPOINTS_ALLOWED`,
      );
    }
    if (keys.some((key) => sameEndpoint(key.endpoint, endpoint))) {
      throw fail(`gives ${endpoint} a second key (MODEL_API_KEY is MODEL_ENDPOINT's)`);
    }
    keys.push({ endpoint, apiKey });
  }
  return keys;
}

/**
 * Reads the environment once. Blank values count as unset; a bad value throws a ConfigError that
 * names the variable. Relative DATA_DIR is taken from where the command was run.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in ZConfigEnv.shape && value?.trim()),
  );
  const parsed = ZConfigEnv.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  if (value.HOSTING_PROVIDER === 'netlify' && !value.NETLIFY_TOKEN) {
    throw new ConfigError(
      'Invalid configuration: HOSTING_PROVIDER=netlify needs NETLIFY_TOKEN (a Netlify personal access token)',
    );
  }
  const base = env.INIT_CWD ?? repoRoot;
  const allowedModelEndpoints = [
    value.MODEL_ENDPOINT,
    ...(value.MODEL_ENDPOINTS_ALLOWED ?? '')
      .split(',')
      .map((endpoint) => endpoint.trim())
      .filter(Boolean),
  ];
  const siteBaseUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir: isAbsolute(value.DATA_DIR) ? value.DATA_DIR : resolve(base, value.DATA_DIR),
    modelEndpoint: value.MODEL_ENDPOINT,
    modelApiKey: value.MODEL_API_KEY,
    modelTimeoutMs: value.MODEL_TIMEOUT_MS,
    modelDemo: value.MODEL_DEMO,
    demoModelPort: value.DEMO_MODEL_PORT,
    log: { level: value.LOG_LEVEL, format: value.LOG_FORMAT },
    webDevUrl: value.WEB_DEV_URL?.replace(/\/+$/, ''),
    allowedModelEndpoints,
    modelApiKeys: modelApiKeys(value, allowedModelEndpoints),
    flowTimeScale: value.FLOW_TIME_SCALE,
    secretKey: value.SECRET_KEY,
    allowPrivateTargets: value.ALLOW_PRIVATE_TARGETS,
    publicUrl: value.PUBLIC_URL,
    siteBaseUrl,
    sitesBaseUrl: value.SITES_URL?.replace(/\/+$/, '') ?? siteBaseUrl,
    visitorSites: {
      deploysPerDay: value.VISITOR_SITE_DEPLOYS_PER_DAY,
      ttlHours: value.VISITOR_SITE_TTL_HOURS,
    },
    runWorker: value.FLOW_WORKER,
    hosting: {
      provider: value.HOSTING_PROVIDER,
      ...(value.NETLIFY_TOKEN && {
        netlify: { token: value.NETLIFY_TOKEN, apiUrl: value.NETLIFY_API_URL },
      }),
    },
    trustProxy: value.TRUST_PROXY === 0 ? false : value.TRUST_PROXY,
    usageLimits: {
      runsPerHourPerAddress: value.RUNS_PER_HOUR_PER_ADDRESS,
      runsPerHourPerUser: value.RUNS_PER_HOUR_PER_USER,
      modelCallsPerHourPerAddress: value.MODEL_CALLS_PER_HOUR_PER_ADDRESS,
      modelCallsPerHourPerUser: value.MODEL_CALLS_PER_HOUR_PER_USER,
    },
    liveFeedLimits: {
      perAddress: value.SSE_STREAMS_PER_ADDRESS,
      perTask: value.SSE_STREAMS_PER_TASK,
      total: value.SSE_STREAMS_TOTAL,
    },
    databaseConnectTimeoutMs: value.DATABASE_CONNECT_TIMEOUT_MS,
    sessionMaxAgeMs: value.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    loginLimits: {
      perAccount: value.LOGIN_MAX_FAILURES,
      perAddress: value.LOGIN_MAX_FAILURES_PER_ADDRESS,
    },
    files: {
      maxBytes: Math.round(value.FILE_MAX_SIZE_MB * 1024 * 1024),
      perRun: value.FILES_PER_RUN,
      promptBudgetChars: value.FILE_PROMPT_BUDGET_CHARS,
      visitorTtlHours: value.VISITOR_FILE_TTL_HOURS,
    },
    freeFlowsPerDay: value.FREE_FLOWS_PER_DAY,
  };
}

/**
 * The one shape the API takes its settings in, from the server's: procedures get it in their
 * context and runs take it as it is. `secretKey` is the loaded key (see loadSecretKey).
 */
export function apiConfigOf(config: Config, secretKey: Buffer): ApiConfig {
  return {
    secretKey,
    allowPrivateTargets: config.allowPrivateTargets,
    modelEndpoint: config.modelEndpoint,
    modelApiKey: config.modelApiKey,
    modelTimeoutMs: config.modelTimeoutMs,
    modelDemo: config.modelDemo,
    allowedModelEndpoints: config.allowedModelEndpoints,
    modelApiKeys: config.modelApiKeys,
    flowTimeScale: config.flowTimeScale,
    siteBaseUrl: config.sitesBaseUrl,
    hosting: config.hosting,
    visitorSites: config.visitorSites,
    loginLimits: config.loginLimits,
    files: config.files,
    freeFlowsPerDay: config.freeFlowsPerDay,
  };
}
