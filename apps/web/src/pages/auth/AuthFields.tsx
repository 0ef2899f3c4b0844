import {
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { serverError } from '../../lib/api';
import { showToast, type ToastInput } from '../../lib/toast';

/** The Username field of both forms: required, no capitals or spell checking forced on it. */
export function UsernameField(props: TextInputProps) {
  return (
    <TextInput
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      withAsterisk
      {...props}
    />
  );
}

/** A required password field whose show / hide toggle is reachable by keyboard. */
export function PasswordField({
  toggleLabel,
  ...props
}: PasswordInputProps & { /** The toggle's accessible name. */ toggleLabel: string }) {
  return (
    <PasswordInput
      withAsterisk
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...props}
    />
  );
}

/** How a failed submit is told: its toast title and the text when the server gave none. */
type AuthFailure = { title: string; fallback: string };

/**
 * The submit of an auth form: `send` signs in (or up) and says what to toast; then the dashboard
 * opens. A failure toasts the server's error, or `failure.fallback` when it gave none.
 */
export function useAuthSubmit<V>(send: (values: V) => Promise<ToastInput>, failure: AuthFailure) {
  const navigate = useNavigate();
  return async (values: V) => {
    let success: ToastInput;
    try {
      success = await send(values);
    } catch (error) {
      showToast({
        destructive: true,
        title: failure.title,
        message: serverError(error) ?? failure.fallback,
      });
      return;
    }
    showToast(success);
    navigate('/dashboard');
  };
}
