import { PASSWORD_LENGTH, USERNAME_LENGTH } from '@flows/api/contracts';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { contractRules } from '../../lib/forms';
import { useSession } from '../../session';
import { PasswordField, UsernameField, useAuthSubmit } from './AuthFields';
import { PASSWORDS_DO_NOT_MATCH, ZRegisterForm } from './validation';

type RegisterValues = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
};

const registerRules = contractRules(ZRegisterForm);

/**
 * The Register tab. While Confirm password differs from Password the form says so, Create Account
 * is disabled and submitting does nothing; success signs the new user in and opens the dashboard.
 */
export function RegisterForm() {
  const { register } = useSession();
  const form = useForm<RegisterValues>({
    initialValues: { username: '', email: '', password: '', confirmPassword: '', displayName: '' },
    validate: registerRules,
  });
  const { password, confirmPassword } = form.values;
  const passwordsDiffer = confirmPassword.length > 0 && confirmPassword !== password;

  const handleRegister = useAuthSubmit(
    async (values: RegisterValues) => {
      const displayName = values.displayName.trim();
      await register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(displayName ? { displayName } : {}),
      });
      return { title: 'Registration successful', message: 'Your account has been created.' };
    },
    { title: 'Registration failed', fallback: 'Registration failed. Please try again.' },
  );

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
        <UsernameField
          description={`${USERNAME_LENGTH.min} to ${USERNAME_LENGTH.max} letters, digits, _ . or -`}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          description={`At least ${PASSWORD_LENGTH.min} characters`}
          autoComplete="new-password"
          toggleLabel="Show password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          toggleLabel="Show confirm password"
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
