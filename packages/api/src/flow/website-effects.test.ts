import { hostedSites, siteDeploys, tasks, websites } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { createFlowState } from '@flows/engine';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HostingEnv } from '../hosting/sites';
import type { StoredRun } from './run-store';
import { deployRunWebsite, saveRunWebsite } from './website-effects';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const env: HostingEnv = {
  hosting: { provider: 'local' },
  allowPrivateTargets: false,
  flowTimeScale: 0,
  siteBaseUrl: 'http://localhost:3000',
};

it('saves and deploys once, however often a resumed run carries the effects out', async () => {
  const { db } = handle;
  const [task] = await db.insert(tasks).values({ goal: 'A bakery website' }).returning();
  const run: StoredRun = {
    taskId: task!.id,
    userId: null,
    state: createFlowState(),
    pendingEffects: [],
    timerDueAt: null,
    settings: {
      provider: 'lmstudio',
      endpoint: 'http://127.0.0.1:1/v1',
      model: 'm',
      temperature: 0.7,
    },
    nextSeq: 1,
  };
  const secretKey = Buffer.alloc(32, 3);
  const save = {
    type: 'saveWebsite',
    name: 'Bakery',
    description: 'A page',
    html: '<h1>Bread</h1>',
    taskIndex: 1,
    callId: 4,
  } as const;
  const first = await saveRunWebsite(db, secretKey, run, save);
  expect(await saveRunWebsite(db, secretKey, run, save)).toBe(first);
  expect(await db.select().from(websites)).toHaveLength(1);
  // Another call of the same run is another website.
  expect(await saveRunWebsite(db, secretKey, run, { ...save, callId: 9 })).not.toBe(first);

  const deploy = { type: 'deploy', websiteId: first, taskIndex: 2, callId: 5 } as const;
  const url = await deployRunWebsite(db, env, secretKey, run, deploy);
  expect(await deployRunWebsite(db, env, secretKey, run, deploy)).toBe(url);
  expect(await db.select().from(hostedSites)).toHaveLength(1);
  expect(await db.select().from(siteDeploys)).toHaveLength(1);
});
