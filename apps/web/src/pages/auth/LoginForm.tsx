import { type TLoginInput, ZLoginInput } from '@flows/api/contracts';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contractRules } from '../../lib/forms';
import { useSession } from '../../session';
import { PasswordField, UsernameField, useAuthSubmit } from './AuthFields';

const loginRules = contractRules(ZLoginInput);

/** The Login tab: username and password; success greets the user and opens the dashboard. */
export function LoginForm() {
  const { login } = useSession();
  const form = useForm<TLoginInput>({
    initialValues: { username: '', password: '' },
    validate: loginRules,
  });

  const handleLogin = useAuthSubmit(
    async ({ username, password }: TLoginInput) => {
      const user = await login(username.trim(), password);
      return {
        title: 'Login successful',
        message: `Welcome back, ${user.displayName || user.username}!`,
      };
    },
    { title: 'Login failed', fallback: 'Login failed. Please check your credentials.' },
  );

  return (
    <form onSubmit={form.onSubmit(handleLogin)} noValidate aria-label="Login">
      <Stack gap="md">
        <UsernameField {...form.getInputProps('username')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          toggleLabel="Show password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth mt="xs" loading={form.submitting}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
