import { z } from 'zod';
import { ZId } from './flow';

/** API token rules: name length, the longest expiry, and the start every token has. */
export const API_TOKEN_NAME_MAX_LENGTH = 64;
export const API_TOKEN_MAX_EXPIRY_DAYS = 3650;
export const API_TOKEN_PREFIX = 'flows_';
/** Tokens one account may hold at once. */
export const API_TOKENS_PER_USER = 50;

/** What POST /api/tokens accepts: a name, and days until the token expires (never if left out). */
export const ZCreateApiTokenInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX_LENGTH, `Name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`),
  expiresInDays: z
    .number({ error: 'expiresInDays must be a whole number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'expiresInDays must be at least 1')
    .max(API_TOKEN_MAX_EXPIRY_DAYS, `expiresInDays must be at most ${API_TOKEN_MAX_EXPIRY_DAYS}`)
    .nullish(),
});
export type TCreateApiTokenInput = z.infer<typeof ZCreateApiTokenInput>;

/** Which token DELETE /api/tokens/{id} revokes (an id that is no token's answers 404). */
export const ZApiTokenIdInput = z.object({ id: ZId });

/** A token as lists show it: never the token itself, only its recognisable start. */
export const ZApiTokenView = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the token (`flows_AbC1`), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TApiTokenView = z.infer<typeof ZApiTokenView>;

/** The answer to creating a token: the only answer that ever holds `token`. */
export const ZCreatedApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  token: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

/** How many runs the caller has left today under the free plan's daily limit. */
export const ZRunAllowance = z.object({
  /** FREE_FLOWS_PER_DAY: runs per 24 hours; 0 = unlimited. */
  perDay: z.number().int(),
  /** Runs started in the last 24 hours that count against it. */
  used: z.number().int(),
  /** Runs that may still be started now; null when unlimited. */
  remaining: z.number().int().nullable(),
  /** When the next run is possible again, if none is left now. */
  nextRunAt: z.iso.datetime().nullable(),
});
export type TRunAllowance = z.infer<typeof ZRunAllowance>;
