import { type DatabaseHandle, sessions, users } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/lucia';
import { createTask, listTasks, validateSessionWithHistory } from './tasks';

const DAY_MS = 24 * 60 * 60 * 1000;

let handle: DatabaseHandle;
let ownerId: string;
let otherId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  const [owner, other] = await handle.db
    .insert(users)
    .values([
      { username: 'history_owner', email: 'owner@example.com', passwordHash: 'x' },
      { username: 'history_other', email: 'other@example.com', passwordHash: 'x' },
    ])
    .returning();
  ownerId = owner!.id;
  otherId = other!.id;
  await createTask(handle.db, 'First goal', ownerId);
  await createTask(handle.db, 'Second goal', ownerId);
  await createTask(handle.db, 'Not the owner’s goal', otherId);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(sessions);
});

describe('the history read with the session check', () => {
  it('answers the user and the same history as listTasks, newest first', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    const { session, user, history } = await validateSessionWithHistory(auth, handle.db, id);
    expect(session?.id).toBe(id);
    expect(session?.fresh).toBe(false);
    expect(user).toMatchObject({ id: ownerId, username: 'history_owner' });
    expect(history?.map((task) => task.goal)).toEqual(['Second goal', 'First goal']);
    expect(history).toEqual(await listTasks(handle.db, ownerId));
    expect(history?.[0]).toEqual({
      id: expect.any(String),
      goal: 'Second goal',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      fileCount: 0,
      status: null,
    });
  });

  it('answers no user and no history for an unknown session', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    expect(await validateSessionWithHistory(auth, handle.db, 'unknown')).toEqual({
      session: null,
      user: null,
      history: null,
    });
  });

  it('keeps lucia’s rules: an expired session reads nothing and is deleted', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const result = await validateSessionWithHistory(auth, handle.db, id);
    expect(result).toEqual({ session: null, user: null, history: null });
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });

  it('ends a session past its absolute lifetime, however recently it was used', async () => {
    const auth = createAuth(handle.db, { secureCookies: false, sessionMaxAgeMs: 10 * DAY_MS });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * DAY_MS) });
    expect((await validateSessionWithHistory(auth, handle.db, id)).history).toBeNull();
    expect(await handle.db.select().from(sessions)).toEqual([]);
  });

  it('extends a session in the second half of its idle time, as every session check does', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const { id } = await auth.createSession(ownerId, {});
    await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() + DAY_MS) });
    const { session, history } = await validateSessionWithHistory(auth, handle.db, id);
    expect(session?.fresh).toBe(true);
    expect(history).toHaveLength(2);
    const [stored] = await handle.db.select().from(sessions);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
  });
});
