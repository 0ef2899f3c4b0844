import type { TRPCRouterRecord } from '@trpc/server';
import { ZFileIdInput, ZTaskFilesInput } from '../contracts/files';
import { deleteFile, findFile, listFiles, listTaskFiles } from '../files/service';
import { assertTaskVisible } from '../flow/service';
import { protectedProcedure, publicProcedure } from '../trpc';

/**
 * Files attached to goals. Uploads (POST /api/files, multipart) and downloads
 * (GET /api/files/{id}/content) are REST-only: they carry bytes, not JSON.
 */
export const fileRouter = {
  /** The signed-in user's files, newest first. */
  list: protectedProcedure.query(({ ctx }) => listFiles(ctx.db, ctx.user.id)),

  /** A file's metadata: the uploader's (a visitor's by its id); others get 404. */
  byId: publicProcedure
    .input(ZFileIdInput)
    .query(({ ctx, input }) => findFile(ctx.db, ctx.config.files, input.id, ctx.user?.id ?? null)),

  /** Deletes a file and its contents. */
  delete: publicProcedure.input(ZFileIdInput).mutation(async ({ ctx, input }) => {
    await deleteFile(ctx.db, ctx.config.files, input.id, ctx.user?.id ?? null);
    return { success: true as const };
  }),

  /** The files a run uses (whoever may see the run may see them). */
  forTask: publicProcedure.input(ZTaskFilesInput).query(async ({ ctx, input }) => {
    await assertTaskVisible(ctx.db, input.taskId, ctx.user?.id ?? null);
    return listTaskFiles(ctx.db, ctx.config.files, input.taskId);
  }),
} satisfies TRPCRouterRecord;
