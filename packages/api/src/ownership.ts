import { TRPCError } from '@trpc/server';
import { eq, isNull, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from './contracts/flow';

/** Who is asking: a signed-in user's id, or null for a visitor. */
export type Viewer = string | null;

/** Rows a viewer may use: their own and those without an owner (reachable only by their id). */
export function visibleTo(ownerColumn: AnyPgColumn, viewer: Viewer) {
  return viewer ? or(eq(ownerColumn, viewer), isNull(ownerColumn)) : isNull(ownerColumn);
}

/** Rows a signed-in user owns; nobody else's, and no ownerless ones. */
export function ownedBy(ownerColumn: AnyPgColumn, userId: string) {
  return eq(ownerColumn, userId);
}

/**
 * The row a lookup by id finds, or 404 with `message`: a row the caller may not see answers as
 * if it did not exist. An id that cannot name a row (not a UUID) is not looked up at all.
 */
export async function foundOr404<T>(
  id: string,
  lookup: () => Promise<T[]>,
  message: string,
): Promise<T> {
  const [row] = isUuid(id) ? await lookup() : [];
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message });
  return row;
}
