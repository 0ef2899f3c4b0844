import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalUrl = z.url({ message: 'must be a URL' }).optional();

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
  MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  FLOW_TIME_SCALE: z.coerce.number().min(0).max(100).default(1),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  ALLOW_PRIVATE_TARGETS: flag,
  PUBLIC_URL: optionalUrl,
  MODEL_ENDPOINTS_ALLOWED: z.string().optional(),
  FLOW_WORKER: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => ['true', '1', 'yes'].includes(value)),
  HOSTING_PROVIDER: z
    .enum(['local', 'netlify'], { error: "must be 'local' or 'netlify'" })
    .default('local'),
  NETLIFY_TOKEN: z.string().trim().optional(),
  NETLIFY_API_URL: z.url({ message: 'must be a URL' }).default('https://api.netlify.com'),
});

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
  /** MODEL_ENDPOINT plus the comma-separated MODEL_ENDPOINTS_ALLOWED. */
  allowedModelEndpoints: string[];
  flowTimeScale: number;
  secretKey: string | undefined;
  allowPrivateTargets: boolean;
  publicUrl: string | undefined;
  /** Where users reach Flows: PUBLIC_URL, else http://localhost:PORT (deployed sites live below). */
  siteBaseUrl: string;
  /** Whether this process works flow runs (FLOW_WORKER, on by default). */
  runWorker: boolean;
  /** Where runs deploy websites; the Netlify account is present when NETLIFY_TOKEN is set. */
  hosting: {
    provider: 'local' | 'netlify';
    netlify?: { token: string; apiUrl: string };
  };
};

/** A configuration problem that must stop start-up, naming the variable at fault. */
export class ConfigError extends Error {}

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
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir: isAbsolute(value.DATA_DIR) ? value.DATA_DIR : resolve(base, value.DATA_DIR),
    modelEndpoint: value.MODEL_ENDPOINT,
    modelApiKey: value.MODEL_API_KEY,
    modelTimeoutMs: value.MODEL_TIMEOUT_MS,
    modelDemo: value.MODEL_DEMO,
    allowedModelEndpoints: [
      value.MODEL_ENDPOINT,
      ...(value.MODEL_ENDPOINTS_ALLOWED ?? '')
        .split(',')
        .map((endpoint) => endpoint.trim())
        .filter(Boolean),
    ],
    flowTimeScale: value.FLOW_TIME_SCALE,
    secretKey: value.SECRET_KEY,
    allowPrivateTargets: value.ALLOW_PRIVATE_TARGETS,
    publicUrl: value.PUBLIC_URL,
    siteBaseUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ''),
    runWorker: value.FLOW_WORKER,
    hosting: {
      provider: value.HOSTING_PROVIDER,
      ...(value.NETLIFY_TOKEN && {
        netlify: { token: value.NETLIFY_TOKEN, apiUrl: value.NETLIFY_API_URL },
      }),
    },
  };
}
