import { z } from 'zod';

/** Account rules: lengths of usernames, passwords and display names. */
export const USERNAME_LENGTH = { min: 3, max: 32 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;
export const DISPLAY_NAME_MAX_LENGTH = 64;

const passwordTooLong = `Password must be at most ${PASSWORD_LENGTH.max} characters`;

/** What POST /api/register accepts. */
export const ZRegisterInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(USERNAME_LENGTH.min, `Username must be at least ${USERNAME_LENGTH.min} characters`)
    .max(USERNAME_LENGTH.max, `Username must be at most ${USERNAME_LENGTH.max} characters`)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, _ . and -'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Email must be a valid email address')),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_LENGTH.min, `Password must be at least ${PASSWORD_LENGTH.min} characters`)
    .max(PASSWORD_LENGTH.max, passwordTooLong),
  displayName: z
    .string()
    .trim()
    .max(
      DISPLAY_NAME_MAX_LENGTH,
      `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
    )
    .nullish()
    .transform((value) => value || null),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;
/** What a client sends to POST /api/register (displayName may be left out). */
export type TRegisterRequest = z.input<typeof ZRegisterInput>;

/** What POST /api/login accepts. */
export const ZLoginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_LENGTH.max, passwordTooLong),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;
