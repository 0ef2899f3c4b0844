import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  DatabaseConnectError,
  type DatabaseHandle,
  databaseVersion,
} from './client';
import { notPrivate } from './private-files';
import { agentSteps, flowRuns, tasks, templates, users } from './schema';
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

  // Unprepared, postgres.js spends a round trip asking for a query's parameter types every time.
  it.runIf(process.env.DATABASE_URL)(
    'prepares every query on PostgreSQL, in the pool and in transactions',
    async () => {
      /** The protocol-level prepared statements of the connection `db` runs on. */
      const preparedOn = async (db: Pick<DatabaseHandle['db'], 'execute'>) => {
        const rows = await db.execute(
          sql`select statement from pg_prepared_statements where not from_sql`,
        );
        return (rows as unknown as { statement: string }[]).map((row) => row.statement);
      };
      // More at once than the pool has connections: each connection runs one.
      await Promise.all(
        Array.from({ length: 20 }, () =>
          handle.db.select().from(tasks).where(eq(tasks.goal, 'pooled')),
        ),
      );
      expect(await preparedOn(handle.db)).toContainEqual(
        expect.stringContaining('"tasks"."goal" = $1'),
      );
      await handle.db.transaction(async (tx) => {
        await tx.select().from(users).where(eq(users.username, 'in a transaction'));
        await tx.transaction(async (savepoint) => {
          await savepoint.select().from(users).where(eq(users.email, 'in a savepoint'));
        });
        const statements = await preparedOn(tx);
        expect(statements).toContainEqual(expect.stringContaining('"users"."username" = $1'));
        expect(statements).toContainEqual(expect.stringContaining('"users"."email" = $1'));
      });
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'shares two connections between single statements, and opens transactions beside them',
    async () => {
      const backend = async (db: Pick<DatabaseHandle['db'], 'execute'>) => {
        const rows = await db.execute(sql`select pg_backend_pid() as pid`);
        return (rows as unknown as { pid: number }[])[0]!.pid;
      };
      await handle.db.transaction(async (tx) => {
        // A transaction under way blocks no single statement, however many wait at once.
        const statements = new Set(
          await Promise.all(Array.from({ length: 20 }, () => backend(handle.db))),
        );
        expect(statements.size).toBeLessThanOrEqual(2);
        expect(statements).not.toContain(await backend(tx));
      });
    },
  );

  it('reads and writes values alike in transactions and single statements', async () => {
    const [task] = await handle.db.insert(tasks).values({ goal: 'Alike' }).returning();
    const taskId = task!.id;
    const dueAt = new Date('2026-11-27T12:00:00.123Z');
    const state = { goal: 'Alike', tasks: [{ description: 'one' }] };
    await handle.db.transaction(async (tx) => {
      await tx
        .insert(flowRuns)
        .values({ taskId, state, settings: {}, outcome: 'running', timerDueAt: dueAt });
      const [inside] = await tx.select().from(flowRuns).where(eq(flowRuns.taskId, taskId));
      expect(inside).toMatchObject({ state, timerDueAt: dueAt });
    });
    const [outside] = await handle.db.select().from(flowRuns).where(eq(flowRuns.taskId, taskId));
    expect(outside).toMatchObject({ state, timerDueAt: dueAt });
    const [stored] = await handle.db
      .select({ kind: sql<string>`jsonb_typeof(${flowRuns.state})` })
      .from(flowRuns)
      .where(eq(flowRuns.taskId, taskId));
    expect(stored?.kind).toBe('object');
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

describe('embedded database files', () => {
  it('are readable by their owner only, when open and after closing', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'flows-db-')), 'data');
    try {
      const handle = await createDatabase({ dataDir });
      await handle.db.insert(tasks).values({ goal: 'Private' });
      expect(notPrivate(dataDir)).toEqual([]);
      await handle.close();
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A local port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('connecting to PostgreSQL', () => {
  it('gives up after connectTimeoutMs with one line naming host, port and cause', async () => {
    const port = await freePort();
    const started = Date.now();
    const failure = await createDatabase({
      url: `postgres://flows:hunter2@127.0.0.1:${port}/flows`,
      connectTimeoutMs: 800,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseConnectError);
    const message = (failure as Error).message;
    expect(message).toMatch(`127.0.0.1:${port}`);
    expect(message).toMatch('connection refused (ECONNREFUSED)');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  // A server that comes up while Flows starts: a relay to the real one opens after a while.
  it.skipIf(!process.env.DATABASE_URL)(
    'retries until a server that starts late answers',
    async () => {
      const real = new URL(process.env.DATABASE_URL ?? '');
      const port = await freePort();
      let relay: Server | undefined;
      const opening = setTimeout(() => {
        relay = createServer((client) => {
          const upstream = connect(Number(real.port || 5432), real.hostname);
          client.pipe(upstream).pipe(client);
          client.on('error', () => upstream.destroy());
          upstream.on('error', () => client.destroy());
        }).listen(port, '127.0.0.1');
      }, 1200);
      const late = new URL(real);
      late.hostname = '127.0.0.1';
      late.port = String(port);
      try {
        const handle = await createDatabase({ url: late.toString(), connectTimeoutMs: 15_000 });
        expect(await databaseVersion(handle.db)).toMatch(/PostgreSQL/);
        await handle.close();
      } finally {
        clearTimeout(opening);
        await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
      }
    },
  );
});
