import { createHash } from 'node:crypto';
import { type Database, sessions } from '@flows/db';
import { lte, or } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser, UserId } from 'lucia';

/** The stored form of a session id: its SHA-256 in hex. The id itself lives only in the cookie. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

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
    const [session, user] = await this.inner.getSessionAndUser(hashSessionId(sessionId));
    if (!session) return [null, user];
    const deadline = this.absoluteDeadline(session);
    // Past its absolute lifetime the session reads as expired, so lucia deletes it.
    const expiresAt = deadline && deadline < session.expiresAt ? deadline : session.expiresAt;
    return [{ ...session, id: sessionId, expiresAt }, user];
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

  private absoluteDeadline(session: DatabaseSession): Date | null {
    const createdAt = session.attributes.createdAt;
    if (!this.maxAgeMs || !createdAt) return null;
    return new Date(createdAt.getTime() + this.maxAgeMs);
  }
}

/** Deletes sessions that expired by `now`, or that were created more than `maxAgeMs` before it. */
export async function deleteExpiredSessions(db: Database, now: Date, maxAgeMs: number) {
  const expired = lte(sessions.expiresAt, now);
  const tooOld = maxAgeMs ? lte(sessions.createdAt, new Date(now.getTime() - maxAgeMs)) : undefined;
  await db.delete(sessions).where(tooOld ? or(expired, tooOld) : expired);
}
