import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useSession } from '../../session';
import {
  PASSWORDS_DO_NOT_MATCH,
  validateDisplayName,
  validateEmail,
  validateNewPassword,
  validateUsername,
} from './validation';

type RegisterValues = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
};

/**
 * The Register tab. While Confirm password differs from Password the form says so, Create Account
 * is disabled and submitting does nothing; success signs the new user in and opens the dashboard.
 */
export function RegisterForm() {
  const { register } = useSession();
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: { username: '', email: '', password: '', confirmPassword: '', displayName: '' },
    validate: {
      username: validateUsername,
      email: validateEmail,
      password: validateNewPassword,
      confirmPassword: (value) => (value ? null : 'Please confirm your password'),
      displayName: validateDisplayName,
    },
  });
  const { password, confirmPassword } = form.values;
  const passwordsDiffer = confirmPassword.length > 0 && confirmPassword !== password;

  const handleRegister = async (values: RegisterValues) => {
    const displayName = values.displayName.trim();
    try {
      await register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(displayName ? { displayName } : {}),
      });
      showToast({
        title: 'Registration successful',
        message: 'Your account has been created.',
      });
      navigate('/dashboard');
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Registration failed',
        message: serverError(error) ?? 'Registration failed. Please try again.',
      });
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (passwordsDiffer) {
      event.preventDefault();
      return;
    }
    form.onSubmit(handleRegister)(event);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Register">
      <Stack gap="md">
        <TextInput
          label="Username"
          description="3 to 32 letters, digits, _ . or -"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show confirm password' }}
          {...form.getInputProps('confirmPassword')}
          error={passwordsDiffer ? PASSWORDS_DO_NOT_MATCH : form.errors.confirmPassword}
        />
        <TextInput
          label="Display name"
          description="Optional: shown instead of your username"
          autoComplete="nickname"
          {...form.getInputProps('displayName')}
        />
        <Button
          type="submit"
          fullWidth
          mt="xs"
          disabled={passwordsDiffer}
          loading={form.submitting}
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
