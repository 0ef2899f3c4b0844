import { createHash } from 'node:crypto';
import { type Database, sessions, users } from '@flows/db';
import { eq, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser, UserId } from 'lucia';
import { preparedFor } from '../prepared';

/** The stored form of a session id: its SHA-256 in hex. The id itself lives only in the cookie. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** What a session check reads: the session's columns and its user's public ones. */
const sessionColumns = {
  userId: sessions.userId,
  expiresAt: sessions.expiresAt,
  createdAt: sessions.createdAt,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
};

/**
 * The lookup of a session by the hash of its id (the `hash` placeholder), reading `alongside`
 * too: a hot read that needs the session's user can ride in the session check's statement
 * (see HashedSessionAdapter.answering).
 */
export function sessionLookup<Alongside extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  alongside: Alongside,
) {
  return db
    .select({ ...sessionColumns, ...alongside })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('hash')));
}

/**
 * The lookup every signed-in request makes, prepared once: the database plans it once per
 * connection and drizzle builds its SQL once.
 */
const sessionAndUserQuery = preparedFor((db) => sessionLookup(db, {}).prepare('session_and_user'));

/** A session's row as a session check reads it. */
export type SessionRow = Awaited<
  ReturnType<ReturnType<typeof sessionAndUserQuery>['execute']>
>[number];

/**
 * Lucia's storage with two rules lucia v3 leaves to the app: the sessions table keeps a hash of
 * each session id (a copy of the table signs nobody in), and a session ends `maxAgeMs` after it
 * was created however often it is used (0: no such limit). Lucia always hands this adapter the
 * id from the cookie; every call hashes it before it reaches the database.
 */
export class HashedSessionAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly inner: Adapter,
    private readonly maxAgeMs: number,
  ) {}

  async getSessionAndUser(
    sessionId: string,
  ): Promise<[session: DatabaseSession | null, user: DatabaseUser | null]> {
    const [row] = await sessionAndUserQuery(this.db).execute({
      hash: hashSessionId(sessionId),
    });
    return this.pairOf(sessionId, row);
  }

  /**
   * This adapter, answering lucia's lookup of `sessionId` with its row read already (by a
   * `sessionLookup` with more columns); every other call goes to the database as ever.
   */
  answering(sessionId: string, row: SessionRow | undefined): Adapter {
    const pair = this.pairOf(sessionId, row);
    return {
      getSessionAndUser: async () => pair,
      getUserSessions: (userId) => this.getUserSessions(userId),
      setSession: (session) => this.setSession(session),
      updateSessionExpiration: (id, expiresAt) => this.updateSessionExpiration(id, expiresAt),
      deleteSession: (id) => this.deleteSession(id),
      deleteUserSessions: (userId) => this.deleteUserSessions(userId),
      deleteExpiredSessions: () => this.deleteExpiredSessions(),
    };
  }

  /** Lucia's session and user of a session's row (none when there is no row). */
  private pairOf(
    sessionId: string,
    row: SessionRow | undefined,
  ): [session: DatabaseSession | null, user: DatabaseUser | null] {
    if (!row) return [null, null];
    const { userId, createdAt, username, email, displayName } = row;
    const deadline = this.absoluteDeadline(createdAt);
    // Past its absolute lifetime the session reads as expired, so lucia deletes it.
    const expiresAt = deadline && deadline < row.expiresAt ? deadline : row.expiresAt;
    return [
      { id: sessionId, userId, expiresAt, attributes: { createdAt } },
      { id: userId, attributes: { username, email, displayName } },
    ];
  }

  /** The user's sessions; their ids are the stored hashes (no cookie can be rebuilt from them). */
  getUserSessions(userId: UserId): Promise<DatabaseSession[]> {
    return this.inner.getUserSessions(userId);
  }

  setSession(session: DatabaseSession): Promise<void> {
    return this.inner.setSession({ ...session, id: hashSessionId(session.id) });
  }

  updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    return this.inner.updateSessionExpiration(hashSessionId(sessionId), expiresAt);
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.inner.deleteSession(hashSessionId(sessionId));
  }

  deleteUserSessions(userId: UserId): Promise<void> {
    return this.inner.deleteUserSessions(userId);
  }

  /** Deletes sessions past their sliding expiry or their absolute lifetime. */
  async deleteExpiredSessions(): Promise<void> {
    await deleteExpiredSessions(this.db, new Date(), this.maxAgeMs);
  }

  private absoluteDeadline(createdAt: Date): Date | null {
    if (!this.maxAgeMs) return null;
    return new Date(createdAt.getTime() + this.maxAgeMs);
  }
}

/** Deletes sessions that expired by `now`, or that were created more than `maxAgeMs` before it. */
export async function deleteExpiredSessions(db: Database, now: Date, maxAgeMs: number) {
  const expired = lte(sessions.expiresAt, now);
  const tooOld = maxAgeMs ? lte(sessions.createdAt, new Date(now.getTime() - maxAgeMs)) : undefined;
  await db.delete(sessions).where(tooOld ? or(expired, tooOld) : expired);
}
