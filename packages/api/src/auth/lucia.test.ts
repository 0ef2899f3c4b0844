import { type DatabaseHandle, sessions, users } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteExpiredAuthRecords } from './cleanup';
import { createAuth, DEFAULT_SESSION_MAX_AGE_MS } from './lucia';
import { hashSessionId } from './session-store';

const DAY_MS = 24 * 60 * 60 * 1000;

let handle: DatabaseHandle;
let userId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  const [user] = await handle.db
    .insert(users)
    .values({ username: 'session_owner', email: 'owner@example.com', passwordHash: 'x' })
    .returning();
  userId = user!.id;
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(sessions);
});

const storedSessions = () => handle.db.select().from(sessions);

describe('stored sessions', () => {
  it('keep only the SHA-256 of the id the cookie carries', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const session = await auth.createSession(userId, {});
    const rows = await storedSessions();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashSessionId(session.id));
    expect(rows[0]!.id).not.toContain(session.id);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);

    const cookie = auth.createSessionCookie(session.id).serialize();
    expect(cookie).toContain(`flows_session=${session.id}`);
    const { user } = await auth.validateSession(session.id);
    expect(user?.id).toBe(userId);
  });

  it('sign nobody in with what the table holds (a leaked copy of it is worthless)', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    await auth.createSession(userId, {});
    const [row] = await storedSessions();
    expect(await auth.validateSession(row!.id)).toEqual({ session: null, user: null });
  });

  it("end on logout: invalidating by the cookie's id deletes the hashed row", async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const session = await auth.createSession(userId, {});
    await auth.invalidateSession(session.id);
    expect(await storedSessions()).toEqual([]);
  });
});

describe('session cookies', () => {
  it('that cannot be decoded read as no session instead of throwing', () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    expect(auth.readSessionCookie('flows_session=%E0%A4%A')).toBeNull();
    expect(auth.readSessionCookie('other=a%zz; flows_session=abc')).toBeNull();
    expect(auth.readSessionCookie('flows_session=abc')).toBe('abc');
  });
});

describe('absolute session lifetime', () => {
  it('defaults to 30 days', () => {
    expect(DEFAULT_SESSION_MAX_AGE_MS).toBe(30 * DAY_MS);
  });

  it('ends a session that is still in use once it is older than the limit', async () => {
    const auth = createAuth(handle.db, { secureCookies: false, sessionMaxAgeMs: 10 * DAY_MS });
    const session = await auth.createSession(userId, {});
    // In use all along: its sliding expiry is far ahead, but it began eleven days ago.
    await handle.db.update(sessions).set({
      createdAt: new Date(Date.now() - 11 * DAY_MS),
      expiresAt: new Date(Date.now() + 13 * DAY_MS),
    });
    expect(await auth.validateSession(session.id)).toEqual({ session: null, user: null });
    expect(await storedSessions()).toEqual([]);
  });

  it('keeps extending a session younger than the limit', async () => {
    const auth = createAuth(handle.db, { secureCookies: false, sessionMaxAgeMs: 10 * DAY_MS });
    const session = await auth.createSession(userId, {});
    await handle.db.update(sessions).set({
      createdAt: new Date(Date.now() - 9 * DAY_MS),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const result = await auth.validateSession(session.id);
    expect(result.user?.id).toBe(userId);
    expect(result.session?.fresh).toBe(true);
    expect(result.session?.id).toBe(session.id);
  });

  it('is off with 0: only the sliding expiry ends a session', async () => {
    const auth = createAuth(handle.db, { secureCookies: false, sessionMaxAgeMs: 0 });
    const session = await auth.createSession(userId, {});
    await handle.db.update(sessions).set({ createdAt: new Date(Date.now() - 400 * DAY_MS) });
    expect((await auth.validateSession(session.id)).user?.id).toBe(userId);
  });
});

describe('deleteExpiredAuthRecords', () => {
  it('deletes sessions past their sliding expiry or their absolute lifetime, and no others', async () => {
    const auth = createAuth(handle.db, { secureCookies: false });
    const [current, slidOut, tooOld] = await Promise.all(
      [1, 2, 3].map(() => auth.createSession(userId, {})),
    );
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashSessionId(slidOut!.id)));
    await handle.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(sessions.id, hashSessionId(tooOld!.id)));

    await deleteExpiredAuthRecords(handle.db, 30 * DAY_MS);
    const left = (await storedSessions()).map((row) => row.id);
    expect(left).toEqual([hashSessionId(current!.id)]);
  });
});
