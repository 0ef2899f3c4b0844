import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRunLocks } from './locks';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A lock held until `release` is called, and whether `tryWithLock` ran the work. */
function holdLock(locks: ReturnType<typeof createRunLocks>, taskId: string) {
  let release = () => {};
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const ran = locks.tryWithLock(taskId, async () => {
    entered();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  return { ran, inside, release: () => release() };
}

const taskId = '00000000-0000-4000-8000-00000000000a';

it('lets one advance of a run in at a time within a process, and many runs at once', async () => {
  const locks = createRunLocks(database);
  try {
    const first = holdLock(locks, taskId);
    await first.inside;
    // The same process (whose lock session already holds the run) is refused too.
    expect(await locks.tryWithLock(taskId, async () => {})).toBe(false);
    // Far more runs than the old cap of 8 hold their locks at once.
    const others = Array.from({ length: 20 }, (_, index) =>
      holdLock(locks, `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`),
    );
    await Promise.all(others.map((other) => other.inside));
    first.release();
    for (const other of others) other.release();
    expect(await first.ran).toBe(true);
    expect(await Promise.all(others.map((other) => other.ran))).toEqual(others.map(() => true));
    // Let go: the run can be advanced again.
    expect(await locks.tryWithLock(taskId, async () => {})).toBe(true);
  } finally {
    await locks.close();
  }
});

it.runIf(Boolean(process.env.DATABASE_URL))(
  'keeps a run to one worker process at a time, and lets go when that process stops',
  async () => {
    const one = createRunLocks(database);
    const other = createRunLocks(database);
    try {
      const held = holdLock(one, taskId);
      await held.inside;
      let ranElsewhere = false;
      expect(
        await other.tryWithLock(taskId, async () => {
          ranElsewhere = true;
        }),
      ).toBe(false);
      expect(ranElsewhere).toBe(false);
      held.release();
      expect(await held.ran).toBe(true);
      expect(await other.tryWithLock(taskId, async () => {})).toBe(true);

      // A process that dies (its lock connection ends) lets go of every lock it held.
      const orphan = holdLock(one, taskId);
      await orphan.inside;
      expect(await other.tryWithLock(taskId, async () => {})).toBe(false);
      await one.close();
      expect(await other.tryWithLock(taskId, async () => {})).toBe(true);
      orphan.release();
      await orphan.ran;
    } finally {
      await other.close();
    }
  },
);
