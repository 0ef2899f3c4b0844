import type { Database } from '@flows/db';
import { createAuth } from './auth/lucia';
import type { Context } from './trpc';

/** A visitor's context for calling procedures directly in tests; headers set are collected. */
export function testContext(db: Database, overrides: Partial<Context> = {}) {
  const headers: [string, string][] = [];
  const context: Context = {
    db,
    auth: createAuth(db, { secureCookies: false }),
    user: null,
    sessionId: null,
    clientIp: '127.0.0.1',
    setHeader: (name, value) => headers.push([name, value]),
    ...overrides,
  };
  return { context, headers };
}
