import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL `bytea`), read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A registered account. Usernames are unique regardless of case; emails are not (an email is a
 * contact detail, never a sign-in name, and registration must not reveal which ones are in use).
 */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    displayName: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * Lucia sessions: one row per signed-in browser. `id` is the SHA-256 of the cookie's session id;
 * `createdAt` bounds the session's absolute lifetime.
 */
export const sessions = pgTable('sessions', {
  id: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/** A goal a person (or a script) asked Flows to work on. Visitors' tasks have no user. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    goal: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** The visitor's address a visitor run counts against (the free plan's daily limit); cleared later. */
    clientAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    index('tasks_client_created_idx').on(t.clientAddress, t.createdAt),
    // The addresses still kept, by age: forgetting those over a day old reads only those.
    index('tasks_address_kept_idx').on(t.createdAt).where(sql`${t.clientAddress} is not null`),
  ],
);

export const agentStepTypes = ['thinking', 'action', 'result', 'subtask'] as const;
export type AgentStepType = (typeof agentStepTypes)[number];

/** One entry of a task's feed, numbered per task so a reconnecting client misses nothing. */
export const agentSteps = pgTable(
  'agent_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    type: text().$type<AgentStepType>().notNull(),
    content: text().notNull(),
    /** The step reports a failure (a failed task, run, summary, save or deploy). */
    error: boolean().notNull().default(false),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_steps_task_seq_idx').on(t.taskId, t.seq),
    check('agent_steps_type_check', sql`${t.type} in ('thinking', 'action', 'result', 'subtask')`),
  ],
);

/** A ready-made goal offered in the Quick Templates list. */
export const templates = pgTable('templates', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  prompt: text().notNull(),
});

/** A page built during a run, and where it was deployed. */
export const websites = pgTable('websites', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text().notNull().default(''),
  html: text().notNull(),
  taskId: uuid().references(() => tasks.id, { onDelete: 'cascade' }),
  deploymentUrl: text(),
  createdAt: createdAt(),
});

/** An outgoing HTTP call a user registered and runs on demand. Secrets are stored encrypted. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The address as answers show it: credentials in it (userinfo, ?token=...) are masked. */
    url: text().notNull(),
    /** The real address, encrypted, when it carries credentials; null when `url` is all of it. */
    urlSealed: text(),
    method: text().notNull().default('POST'),
    headers: text().notNull().default('{}'),
    authType: text().notNull().default('none'),
    authUser: text(),
    authPassword: text(),
    authToken: text(),
    /** Standard Webhooks signing secret (whsec_...), encrypted; null sends unsigned requests. */
    signingSecret: text(),
    description: text(),
    /** Offered to its owner's runs as a tool the model may call. */
    useInFlows: boolean().notNull().default(false),
    /** A run's call waits for the user's approval even in auto mode. */
    askBeforeCall: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/** A configured outside API: base address, auth, default headers, rate limits and timeout. */
export const apiIntegrations = pgTable(
  'api_integrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The base address as answers show it: credentials in it (userinfo, ?key=...) are masked. */
    baseUrl: text().notNull(),
    /** The real base address, encrypted, when it carries credentials; null when `baseUrl` is all. */
    baseUrlSealed: text(),
    version: text(),
    authType: text().notNull().default('none'),
    authConfig: text().notNull().default('{}'),
    headers: text().notNull().default('{}'),
    rateLimitConfig: text().notNull().default('{}'),
    timeout: integer().notNull().default(30000),
    description: text(),
    /** Offered to its owner's runs as a tool the model may call. */
    useInFlows: boolean().notNull().default(false),
    /** A run's call waits for the user's approval even in auto mode. */
    askBeforeCall: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('api_integrations_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * An uploaded file's record. The bytes live in `file_contents` (`path` is their storage key);
 * the text Flows read from it is extracted once, at upload. Visitors' files have no user.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    originalFilename: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    path: text().notNull(),
    description: text(),
    /** The run that uses the file. */
    taskId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    /** The document's text; null for images. */
    extractedText: text(),
    /** Why no text could be read (a PDF without a text layer), shown to the user and the model. */
    extractionNote: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_user_created_idx').on(t.userId, t.createdAt),
    index('files_task_idx').on(t.taskId),
  ],
);

/** The bytes of an uploaded file, kept in the database so every process can read them. */
export const fileContents = pgTable('file_contents', {
  fileId: uuid()
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  bytes: bytea().notNull(),
});

/**
 * A personal API token: scripts send it as `Authorization: Bearer ...` to act as its user.
 * Only the SHA-256 of the token is stored; `prefix` is the recognisable start shown in lists.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    prefix: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/**
 * Login attempts, counted so the throttle holds across processes: one row per client address
 * (`address:...`, failures in the window from `windowStart`) and one per username and address
 * (`account:...`, the failures since `windowStart` and when the next attempt is allowed).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * The server-side run of a task: the engine's flow state, the effects still to carry out, and
 * the next step number. Checkpointed after every effect so a restarted worker resumes here.
 */
export const flowRuns = pgTable('flow_runs', {
  taskId: uuid()
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  state: jsonb().$type<Record<string, unknown>>().notNull(),
  pendingEffects: jsonb().$type<unknown[]>().notNull().default([]),
  settings: jsonb().$type<Record<string, unknown>>().notNull(),
  nextSeq: integer().notNull().default(1),
  /**
   * How the run stands for the history (`runOutcome` of its state: running, complete, stopped or
   * failed), written with every state, so the history reads it without the state.
   */
  outcome: text().$type<'running' | 'complete' | 'stopped' | 'failed'>().notNull(),
  /** When the run's timer (state.timer) is due: a timer whose firing was lost is fired after it. */
  timerDueAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A site on a hosting provider (the built-in `local` host or Netlify). */
export const hostedSites = pgTable('hosted_sites', {
  /** The site id clients deploy with: a secret, it never appears in a URL. */
  id: text().primaryKey(),
  /** The public path of a built-in site: /sites/{slug}/. */
  slug: text().notNull().unique(),
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  name: text().notNull(),
  remoteId: text(),
  url: text(),
  createdAt: createdAt(),
});

/** One deploy of a website to a hosted site; earlier deploys are kept for rollback. */
export const siteDeploys = pgTable(
  'site_deploys',
  {
    id: uuid().primaryKey().defaultRandom(),
    siteId: text()
      .notNull()
      .references(() => hostedSites.id, { onDelete: 'cascade' }),
    websiteId: uuid().references(() => websites.id, { onDelete: 'set null' }),
    html: text().notNull(),
    url: text().notNull(),
    /** The visitor's address a visitor deploy counts against (the daily quota); cleared later. */
    clientAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('site_deploys_site_created_idx').on(t.siteId, t.createdAt),
    index('site_deploys_client_created_idx').on(t.clientAddress, t.createdAt),
  ],
);

export const integrationKinds = ['webhook', 'integration'] as const;
/** Which table an integration execution belongs to: webhooks or api_integrations. */
export type IntegrationKind = (typeof integrationKinds)[number];

/**
 * One call of a webhook or API integration: the request summary and its outcome, with secrets
 * scrubbed. Only the newest executions of each item are kept.
 */
export const integrationExecutions = pgTable(
  'integration_executions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text().$type<IntegrationKind>().notNull(),
    itemId: uuid().notNull(),
    method: text().notNull(),
    url: text().notNull(),
    /** The answer's HTTP status; null when no answer came (refused, timed out, rate limited). */
    status: integer(),
    durationMs: integer().notNull(),
    responseBytes: integer(),
    /** The first 2 KB of the answer's body. */
    responseBody: text(),
    error: text(),
    /** The run whose task called the item as a tool; null for calls from the Execute dialogs. */
    taskId: uuid().references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_executions_item_created_idx').on(t.itemKind, t.itemId, t.createdAt),
    check('integration_executions_kind_check', sql`${t.itemKind} in ('webhook', 'integration')`),
  ],
);

/** One call counted against an API integration's rate limits; a day's worth is kept. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid().primaryKey().defaultRandom(),
    integrationId: uuid()
      .notNull()
      .references(() => apiIntegrations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_integration_created_idx').on(t.integrationId, t.createdAt)],
);
