import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, json } from './harness';

type Readiness = { status: string; reason?: string; worker?: string };

const ready = async (harness: Awaited<ReturnType<typeof createTestApp>>) => {
  const response = await harness.app.request('/api/ready');
  return { status: response.status, body: await json<Readiness>(response) };
};

describe('GET /api/ready', () => {
  it('answers 200 while the worker polls, and 503 once it has stopped', async () => {
    const harness = await createTestApp(
      { MODEL_ENDPOINT: 'http://127.0.0.1:9/v1' },
      { flows: true },
    );
    try {
      expect(await ready(harness)).toEqual({
        status: 200,
        body: { status: 'ready', worker: 'polling' },
      });
      await harness.flows?.close();
      expect(await ready(harness)).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'The run worker has stopped' },
      });
    } finally {
      await harness.database.close();
    }
  });

  it('answers 503 when a migration is missing, or the database does not answer', async () => {
    const harness = await createTestApp();
    expect(await ready(harness)).toEqual({ status: 200, body: { status: 'ready', worker: 'off' } });
    await harness.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    expect((await ready(harness)).body.reason).toBe('Database migrations are not applied');
    await harness.database.close();
    expect(await ready(harness)).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'The database does not answer' },
    });
  });
});
