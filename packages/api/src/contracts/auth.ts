import { z } from 'zod';

/** What POST /api/register accepts. */
export const ZRegisterInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(32, 'Username must be at most 32 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Email must be a valid email address')),
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(256, 'Password must be at most 256 characters'),
  displayName: z
    .string()
    .trim()
    .max(64, 'Display name must be at most 64 characters')
    .nullish()
    .transform((value) => value || null),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

/** What POST /api/login accepts. */
export const ZLoginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;
