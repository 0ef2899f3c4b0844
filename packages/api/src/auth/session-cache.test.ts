import { type DatabaseHandle, sessions, users } from '@flows/db';
import { createTestDatabase, createTestUser } from '@flows/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuth } from './lucia';
import { followSessionChanges, SessionCache, type SessionRow } from './session-cache';

let handle: DatabaseHandle;
let userId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  userId = await createTestUser(handle.db, 'cached_owner');
});
afterAll(() => handle.close());
afterEach(() => vi.restoreAllMocks());

/** A session manager as a server process has it, its cache following the database's notices. */
async function serverAuth() {
  const errors: unknown[] = [];
  const { cache, listening } = followSessionChanges(handle, (error) => errors.push(error));
  await listening;
  expect(errors).toEqual([]);
  const reads = vi.spyOn(cache, 'keep');
  return { auth: createAuth(handle.db, { secureCookies: false, sessionCache: cache }), reads };
}

// Notices reach PostgreSQL's listening connection a moment after the change commits.
const soon = { timeout: 2_000, interval: 20 };

describe('the session cache of a server process', () => {
  it('reads a session in use once, and again once it has been kept a few seconds', async () => {
    const { auth, reads } = await serverAuth();
    const session = await auth.createSession(userId, {});
    for (let request = 0; request < 5; request += 1) {
      expect((await auth.validateSession(session.id)).user?.id).toBe(userId);
    }
    expect(reads).toHaveBeenCalledTimes(1);

    const later = Date.now() + 6_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await auth.validateSession(session.id)).user?.id).toBe(userId);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('ends a session at once when it is signed out through the same process', async () => {
    const { auth } = await serverAuth();
    const session = await auth.createSession(userId, {});
    await auth.validateSession(session.id);
    await auth.invalidateSession(session.id);
    expect(await auth.validateSession(session.id)).toEqual({ session: null, user: null });
  });

  it('ends a session signed out by another process as soon as the database says so', async () => {
    const { auth } = await serverAuth();
    const other = (await serverAuth()).auth;
    const session = await auth.createSession(userId, {});
    expect((await auth.validateSession(session.id)).session).not.toBeNull();
    await other.invalidateSession(session.id);
    await vi.waitFor(async () => {
      expect(await auth.validateSession(session.id)).toEqual({ session: null, user: null });
    }, soon);
  });

  it('forgets every session of a user changed or deleted by hand', async () => {
    const { auth } = await serverAuth();
    const session = await auth.createSession(userId, {});
    expect((await auth.validateSession(session.id)).user?.displayName).toBeNull();

    await handle.db.update(users).set({ displayName: 'Renamed' }).where(eq(users.id, userId));
    await vi.waitFor(async () => {
      expect((await auth.validateSession(session.id)).user?.displayName).toBe('Renamed');
    }, soon);

    await handle.db.delete(sessions).where(eq(sessions.userId, userId));
    await vi.waitFor(async () => {
      expect(await auth.validateSession(session.id)).toEqual({ session: null, user: null });
    }, soon);
  });
});

describe('SessionCache', () => {
  const row: SessionRow = {
    userId: 'u1',
    expiresAt: new Date(Date.now() + 60_000),
    createdAt: new Date(),
    username: 'u1',
    email: 'u1@example.com',
    displayName: null,
  };

  it('keeps nothing until change notices reach it', () => {
    const cache = new SessionCache();
    cache.keep('h', row, cache.startRead());
    expect(cache.get('h')).toBeUndefined();
    cache.setFollowing(true);
    cache.keep('h', row, cache.startRead());
    expect(cache.get('h')).toBe(row);
  });

  it('does not keep a read that began before a session was forgotten', () => {
    const cache = new SessionCache();
    cache.setFollowing(true);
    const read = cache.startRead();
    cache.forgetSession('other');
    cache.keep('h', row, read);
    expect(cache.get('h')).toBeUndefined();
  });

  it("forgets only the named user's sessions", () => {
    const cache = new SessionCache();
    cache.setFollowing(true);
    cache.keep('a', row, cache.startRead());
    cache.keep('b', { ...row, userId: 'u2' }, cache.startRead());
    cache.forgetUser('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.userId).toBe('u2');
  });
});
