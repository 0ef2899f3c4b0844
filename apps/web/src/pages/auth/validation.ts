import { ZRegisterInput } from '@flows/api/contracts';
import { z } from 'zod';

/** The text shown under Confirm password while it differs from Password. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The Register form's rules: what POST /api/register takes (the server's own messages), and
 * Confirm password filled in, which only the browser checks.
 */
export const ZRegisterForm = ZRegisterInput.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});
