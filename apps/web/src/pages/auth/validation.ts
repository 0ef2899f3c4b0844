/**
 * The server's account rules, checked in the browser too so people see mistakes before sending.
 * The server stays the authority: its answer is what a failed submit shows.
 */

const usernamePattern = /^[A-Za-z0-9_.-]+$/;
// Deliberately loose (something@something.tld); the server's stricter check has the last word.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Username: required, 3 to 32 letters, digits, `_`, `.` or `-`. */
export function validateUsername(value: string): string | null {
  const username = value.trim();
  if (!username) return 'Username is required';
  if (username.length < 3) return 'Username must be at least 3 characters';
  if (username.length > 32) return 'Username must be at most 32 characters';
  if (!usernamePattern.test(username)) {
    return 'Username may contain only letters, digits, _ . and -';
  }
  return null;
}

/** Email: required and shaped like an address. */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Email is required';
  if (!emailPattern.test(email)) return 'Email must be a valid email address';
  return null;
}

/** New password: 8 to 256 characters. */
export function validateNewPassword(value: string): string | null {
  if (!value) return 'Password is required';
  if (value.length < 8) return 'Password must be at least 8 characters';
  if (value.length > 256) return 'Password must be at most 256 characters';
  return null;
}

/** Display name: optional, at most 64 characters. */
export function validateDisplayName(value: string): string | null {
  return value.trim().length > 64 ? 'Display name must be at most 64 characters' : null;
}

/** A field the Login form only needs filled in. */
export function required(message: string) {
  return (value: string): string | null => (value.trim() ? null : message);
}

/** The text shown under Confirm password while it differs from Password. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
