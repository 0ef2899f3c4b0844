import { type Database, websites } from '@flows/db';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCreateWebsiteInput } from '../contracts/flow';
import { foundOr404, type Viewer, visibleTo } from '../ownership';
import { assertTaskVisible } from './service';

type CreateInput = z.output<typeof ZCreateWebsiteInput>;

/** Saves a website built outside a run; a task it names must be one the viewer may see. */
export async function createWebsite(db: Database, input: CreateInput, viewer: Viewer) {
  if (input.taskId) await assertTaskVisible(db, input.taskId, viewer);
  const [website] = await db
    .insert(websites)
    .values({ ...input, taskId: input.taskId ?? null, userId: viewer })
    .returning({ id: websites.id });
  return website!;
}

/** A website the viewer may see (without its HTML), or 404 'Website not found'. */
export function findWebsite(db: Database, id: string, viewer: Viewer) {
  return foundOr404(
    id,
    () =>
      db
        .select({
          id: websites.id,
          name: websites.name,
          description: websites.description,
          taskId: websites.taskId,
          deploymentUrl: websites.deploymentUrl,
        })
        .from(websites)
        .where(and(eq(websites.id, id), visibleTo(websites.userId, viewer))),
    'Website not found',
  );
}
