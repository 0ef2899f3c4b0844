import { templates } from '@flows/db';
import type { TRPCRouterRecord } from '@trpc/server';
import { asc } from 'drizzle-orm';
import { publicProcedure } from '../trpc';

export const templateRouter = {
  /** The Quick Templates: id, name, description and prompt of each. */
  list: publicProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: templates.id,
        name: templates.name,
        description: templates.description,
        prompt: templates.prompt,
      })
      .from(templates)
      .orderBy(asc(templates.name)),
  ),
} satisfies TRPCRouterRecord;
