import { hostedSites } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, type HostingEnv } from './sites';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

// Nothing listens here: a call that got through would fail differently (502), not with 401.
const env: HostingEnv = {
  hosting: {
    provider: 'netlify',
    netlify: { token: 'operator-token', apiUrl: 'http://127.0.0.1:1' },
  },
  allowPrivateTargets: true,
  flowTimeScale: 0,
  siteBaseUrl: 'http://localhost:3000',
};

describe('Netlify sites', () => {
  it('are never created for a visitor, whichever code path asks', async () => {
    await expect(
      createSite(handle.db, env, { name: 'x', provider: 'netlify', userId: null }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in to create Netlify sites' });
    expect(await handle.db.select().from(hostedSites)).toEqual([]);
  });
});
