import { createHash, randomBytes } from 'node:crypto';
import { apiTokens, type Database, users } from '@flows/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type TApiTokenView,
  type TCreateApiTokenInput,
  type TCreatedApiToken,
} from '../contracts/tokens';
import { foundOr404 } from '../ownership';
import type { SessionUser } from './accounts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `lastUsedAt` is written at most this often per token (a busy script would write every call). */
const LAST_USED_RESOLUTION_MS = 60 * 1000;
/** Characters of the token shown in lists: the prefix and a few random ones. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 6;

/** The stored form of a token: its SHA-256 in hex. The token itself is shown once, at creation. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function viewOf(row: typeof apiTokens.$inferSelect): TApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** Creates a token for the user; the answer is the only place the token ever appears. */
export async function createApiToken(
  db: Database,
  userId: string,
  input: TCreateApiTokenInput,
  now = new Date(),
): Promise<TCreatedApiToken> {
  const [held] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId));
  if ((held?.n ?? 0) >= API_TOKENS_PER_USER) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `An account can hold at most ${API_TOKENS_PER_USER} API tokens. Revoke one first.`,
    });
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = input.expiresInDays
    ? new Date(now.getTime() + input.expiresInDays * DAY_MS)
    : null;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      tokenHash: hashApiToken(token),
      prefix: token.slice(0, SHOWN_LENGTH),
      expiresAt,
      createdAt: now,
    })
    .returning();
  return {
    id: row!.id,
    name: row!.name,
    token,
    createdAt: row!.createdAt.toISOString(),
    expiresAt: iso(row!.expiresAt),
  };
}

/** The user's tokens, newest first, without the tokens themselves. */
export async function listApiTokens(db: Database, userId: string): Promise<TApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(viewOf);
}

/** Revokes (deletes) one of the user's tokens; another user's answers 404. */
export async function revokeApiToken(db: Database, userId: string, id: string) {
  await foundOr404(
    id,
    () =>
      db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id }),
    'Token not found',
  );
  return { success: true as const };
}

/** Why a bearer token does not sign anyone in: the 401 message a script sees. */
export class ApiTokenError extends Error {}

/**
 * The user a bearer token acts as, or ApiTokenError saying why not (unknown or revoked, expired).
 * Records when the token was last used, at most once a minute.
 */
export async function userForApiToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ user: SessionUser; tokenId: string }> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      userId: users.id,
      username: users.username,
      email: users.email,
      displayName: users.displayName,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  if (!row) {
    throw new ApiTokenError('Invalid API token: it was revoked or never existed');
  }
  if (row.expiresAt && row.expiresAt <= now) {
    throw new ApiTokenError(
      `This API token expired on ${row.expiresAt.toISOString()}; create a new one in Settings`,
    );
  }
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  const { userId, username, email, displayName } = row;
  return { user: { id: userId, username, email, displayName }, tokenId: row.id };
}

/** Deletes tokens that expired more than a week ago (they can only ever answer 401). */
export async function deleteExpiredApiTokens(db: Database, now = new Date()) {
  await db.delete(apiTokens).where(lt(apiTokens.expiresAt, new Date(now.getTime() - 7 * DAY_MS)));
}
