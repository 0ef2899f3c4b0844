import { TRPCClientError } from '@trpc/react-query';
import { showToast } from '../../lib/toast';

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

/** The red 'Error' toast with `message`. */
export function showError(message: string) {
  showToast({ destructive: true, title: 'Error', message });
}
