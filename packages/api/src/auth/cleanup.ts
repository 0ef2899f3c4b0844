import type { Database } from '@flows/db';
import { deleteExpiredApiTokens } from './api-tokens';
import { deleteExpiredSessions } from './session-store';
import { deleteStaleLoginAttempts } from './throttle';

/**
 * Deletes what sign-in leaves behind and nothing needs any more: sessions past their sliding or
 * absolute lifetime (`sessionMaxAgeMs`, 0 for none), login attempts older than any limit, and API
 * tokens that expired over a week ago.
 * Cheap enough to run at start-up and every hour.
 */
export async function deleteExpiredAuthRecords(db: Database, sessionMaxAgeMs: number) {
  const now = new Date();
  await deleteExpiredSessions(db, now, sessionMaxAgeMs);
  await deleteStaleLoginAttempts(db, now);
  await deleteExpiredApiTokens(db, now);
}
