import { notifications } from '@mantine/notifications';

/** A toast: title, message, and the destructive style for failures. */
export type ToastInput = {
  title: string;
  message: string;
  /** Failures are shown in the destructive (red) style. */
  destructive?: boolean;
};

/**
 * Shows a toast in place of the one on screen. One toast is visible at a time and the newest
 * wins: queued behind the previous one, a 'Login failed' would appear only after the earlier
 * toast's five seconds ran out.
 */
export function showToast({ title, message, destructive = false }: ToastInput): void {
  notifications.clean();
  notifications.show({ title, message, color: destructive ? 'red' : undefined });
}
