import type { DatabaseHandle } from '@flows/db';

/** The channel on which the database names the user of every session that changes or ends. */
export const SESSION_CHANGES_CHANNEL = 'flows_session_changes';

/** How long a session read from the database is trusted without reading it again. */
const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most; the longest kept is dropped first. */
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** A session row with its user's public columns, as the session lookup reads them. */
export type SessionRow = {
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  username: string;
  email: string;
  displayName: string | null;
};

type Entry = { row: SessionRow; until: number };

/**
 * The sessions this process read lately, by stored id (the hash), so that a burst of requests
 * from one browser or script reads its session once. It serves nothing until the database's
 * change notices reach it (see `followSessionChanges`): from then on a session that changes or
 * ends anywhere, in this process or another, is forgotten as soon as the notice arrives, and
 * within SESSION_CACHE_TTL_MS if a notice is lost. Writes made through this process forget the
 * session at once, before the notice.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private following = false;
  /** Bumped by every forgetting: a read that began before one is not kept. */
  private generation = 0;

  /** The session stored under `hash`, if read within the last few seconds. */
  get(hash: string, now = Date.now()): SessionRow | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.row;
    this.entries.delete(hash);
    return undefined;
  }

  /** A token to hand back to `keep` with what a read returns. */
  startRead(): number {
    return this.generation;
  }

  /** Keeps a row read from the database, unless a session was forgotten since `read` began. */
  keep(hash: string, row: SessionRow, read: number, now = Date.now()): void {
    if (!this.following || read !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { row, until: now + SESSION_CACHE_TTL_MS });
  }

  forgetSession(hash: string): void {
    this.generation += 1;
    this.entries.delete(hash);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) {
      if (entry.row.userId === userId) this.entries.delete(hash);
    }
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Serving starts (true) once change notices arrive, and stops (false) when they may not. */
  setFollowing(following: boolean): void {
    this.following = following;
    this.forgetAll();
  }
}

/**
 * A cache that follows the database's session change notices: on PGlite they arrive before the
 * changing statement returns; on PostgreSQL through postgres.js's listening connection, which
 * listens again after a reconnect (the cache starts empty then, as notices may have been lost).
 * If listening fails, the cache never serves and every request reads its session.
 */
export function followSessionChanges(
  database: DatabaseHandle,
  onError: (error: unknown) => void,
): { cache: SessionCache; listening: Promise<void> } {
  const cache = new SessionCache();
  const notice = (userId: string) => cache.forgetUser(userId);
  const follow = () => cache.setFollowing(true);
  const listening = (async () => {
    if (database.pglite) {
      await database.pglite.listen(SESSION_CHANGES_CHANNEL, notice);
      follow();
    } else if (database.sql) {
      await database.sql.listen(SESSION_CHANGES_CHANNEL, notice, follow);
    }
  })().catch((error: unknown) => {
    cache.setFollowing(false);
    onError(error);
  });
  return { cache, listening };
}
