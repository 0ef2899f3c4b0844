import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { startDatabaseProxy } from './database-proxy';
import { createTestDatabase } from './testing';

/** Settles with `work`, or with 'pending' when it is still unsettled after `ms`. */
function within(work: Promise<unknown>, ms: number) {
  return Promise.race([
    work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

describe.skipIf(!process.env.DATABASE_URL)('queries whose connection broke', () => {
  let database: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database);
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.close();
  });

  it("fails a transaction's later queries at once while its connection opens again for others", async () => {
    const sql = postgres(proxy.url, { max: 1, onnotice: () => {} });
    let began!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      began = resolve;
    });
    let goOn!: () => void;
    const broken = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    let later: Promise<unknown> | undefined;
    const transaction = sql.begin(async (tx) => {
      await tx`select 1`;
      began();
      await broken;
      later = tx`select 2`.then((rows) => rows);
      await later;
    });
    transaction.catch(() => {});
    await inTransaction;

    const restarting = proxy.restart(1500);
    await expect(transaction).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    // The pool's one connection opens again for this query while the database is still down.
    const waiting = sql<{ n: number }[]>`select 3 as n`.execute();
    goOn();
    await new Promise((resolve) => setImmediate(resolve));

    expect(await within(later!, 1000)).toMatchObject({
      error: expect.objectContaining({ code: 'CONNECTION_CLOSED' }),
    });
    await restarting;
    expect(await waiting).toEqual([{ n: 3 }]);
    expect(await sql`select 4 as n`).toEqual([{ n: 4 }]);
    await sql.end({ timeout: 5 });
  });

  it('settles a query sent on a connection reset before it closed', async () => {
    const sql = postgres(proxy.url, { max: 1, onnotice: () => {} });
    await sql`select 1`;
    let next: Promise<unknown> | undefined;
    const first = sql`select pg_sleep(5)`.execute();
    // Sent from the first query's failure, before the connection's close is seen.
    first.catch(() => {
      next = sql`select 2 as n`.execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    proxy.reset();

    await expect(first).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await within(next!, 2000)).not.toBe('pending');
    expect(await sql`select 3 as n`).toEqual([{ n: 3 }]);
    await sql.end({ timeout: 5 });
  });
});
