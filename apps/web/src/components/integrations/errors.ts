import { TRPCClientError } from '@trpc/react-query';

/**
 * The message a failed call shows: the server's own text when the server answered with one,
 * otherwise `fallback` (the spec's 'Failed to ...' wording for network failures and the like).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.shape && error.message.trim()) {
    return error.message;
  }
  return fallback;
}
