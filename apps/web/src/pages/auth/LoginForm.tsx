import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { serverError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useSession } from '../../session';
import { required } from './validation';

type LoginValues = { username: string; password: string };

/** The Login tab: username and password; success greets the user and opens the dashboard. */
export function LoginForm() {
  const { login } = useSession();
  const navigate = useNavigate();
  const form = useForm<LoginValues>({
    initialValues: { username: '', password: '' },
    validate: {
      username: required('Username is required'),
      password: required('Password is required'),
    },
  });

  const handleLogin = async ({ username, password }: LoginValues) => {
    try {
      const user = await login(username.trim(), password);
      showToast({
        title: 'Login successful',
        message: `Welcome back, ${user.displayName || user.username}!`,
      });
      navigate('/dashboard');
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Login failed',
        message: serverError(error) ?? 'Login failed. Please check your credentials.',
      });
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleLogin)} noValidate aria-label="Login">
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth mt="xs" loading={form.submitting}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
