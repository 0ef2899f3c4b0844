import { randomUUID } from 'node:crypto';
import type { Database } from '@flows/db';
import { createFlowState } from '@flows/engine';
import { createAuth } from './auth/lucia';
import type { ApiConfig, Context } from './context';
import { insertRun, numberSteps, readRun, type StoredRun } from './flow/run-store';

/** Settings for tests: a fixed key, private targets allowed (test servers listen on 127.0.0.1). */
export const testConfig: ApiConfig = {
  secretKey: Buffer.alloc(32, 7),
  allowPrivateTargets: true,
  modelEndpoint: 'http://127.0.0.1:1/v1',
  modelApiKey: undefined,
  modelTimeoutMs: 2000,
  modelDemo: false,
  allowedModelEndpoints: ['http://127.0.0.1:1/v1'],
  modelApiKeys: [],
  flowTimeScale: 0,
  siteBaseUrl: 'http://localhost:3000',
  hosting: { provider: 'local' },
  visitorSites: { deploysPerDay: 20, ttlHours: 24 },
  files: { maxBytes: 10 * 1024 * 1024, perRun: 5, promptBudgetChars: 12_000, visitorTtlHours: 24 },
};

/** A visitor's context for calling procedures directly in tests; headers set are collected. */
export function testContext(db: Database, overrides: Partial<Context> = {}) {
  const headers: [string, string][] = [];
  const context: Context = {
    db,
    config: testConfig,
    auth: createAuth(db, { secureCookies: false }),
    user: null,
    sessionId: null,
    clientIp: '127.0.0.1',
    flows: null,
    setHeader: (name, value) => headers.push([name, value]),
    ...overrides,
  };
  return { context, headers };
}

/** A new visitor's run stored with one step ("first"), as read back. */
export async function storedTestRun(db: Database): Promise<StoredRun> {
  const run: StoredRun = {
    taskId: randomUUID(),
    userId: null,
    state: createFlowState(),
    pendingEffects: [],
    settings: { provider: 'lmstudio', endpoint: 'http://model/v1', model: 'm', temperature: 0 },
    nextSeq: 1,
    timerDueAt: null,
  };
  const steps = numberSteps(run, [{ type: 'thinking', content: 'first' }]);
  await insertRun(db, { goal: 'A goal', clientAddress: null }, run, steps);
  return (await readRun(db, run.taskId))!;
}
