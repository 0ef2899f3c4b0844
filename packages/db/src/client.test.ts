import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, databaseVersion } from './client';
import { agentSteps, tasks, templates, users } from './schema';
import { seedTemplates } from './seed';
import { createTestDatabase } from './testing';

describe('database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('runs on the kind the environment asks for', async () => {
    expect(handle.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(await databaseVersion(handle.db)).toMatch(/PostgreSQL/);
  });

  it('seeds templates idempotently', async () => {
    await Promise.all([seedTemplates(handle.db), seedTemplates(handle.db)]);
    await seedTemplates(handle.db);
    const rows = await handle.db.select().from(templates);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'Research Assistant',
        'Content Creator',
        'Data Analyst',
        'Project Planner',
        'Website Builder',
      ]),
    );
    expect(rows).toHaveLength(5);
  });

  it('refuses a second user whose name differs only in case', async () => {
    await handle.db
      .insert(users)
      .values({ username: 'Ada', email: 'ada@example.com', passwordHash: 'x' });
    await expect(
      handle.db
        .insert(users)
        .values({ username: 'ada', email: 'other@example.com', passwordHash: 'x' }),
    ).rejects.toThrow();
  });

  it('numbers steps uniquely per task and rejects unknown step types', async () => {
    const [task] = await handle.db.insert(tasks).values({ goal: 'Plan a trip' }).returning();
    const taskId = task!.id;
    await handle.db.insert(agentSteps).values({ taskId, seq: 1, type: 'thinking', content: 'a' });
    await expect(
      handle.db.insert(agentSteps).values({ taskId, seq: 1, type: 'result', content: 'b' }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(agentSteps)
        // @ts-expect-error an unknown type must be refused by the database too
        .values({ taskId, seq: 2, type: 'shout', content: 'c' }),
    ).rejects.toThrow();
    await handle.db.delete(tasks).where(eq(tasks.id, taskId));
    expect(await handle.db.select().from(agentSteps).where(eq(agentSteps.taskId, taskId))).toEqual(
      [],
    );
  });
});

describe('embedded database on disk', () => {
  it('keeps data across a close and reopen of DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flows-db-'));
    try {
      const first = await createDatabase({ dataDir });
      await first.db.insert(tasks).values({ goal: 'Remember me' });
      await first.close();
      const second = await createDatabase({ dataDir });
      const rows = await second.db.select().from(tasks);
      expect(rows.map((row) => row.goal)).toEqual(['Remember me']);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
