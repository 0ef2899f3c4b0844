import {
  Box,
  Center,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../session';
import { LoginForm } from './LoginForm';
import { MarketingPanel } from './MarketingPanel';
import { RegisterForm } from './RegisterForm';

type AuthTab = 'login' | 'register';

/**
 * Login and Register tabs (`?tab=register` opens Register, and switching tabs updates the URL),
 * with the marketing panel beside them on wide screens. Signed-in visitors go to the dashboard.
 */
export function AuthPage() {
  const { user, isLoading } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (user) return <Navigate to="/dashboard" replace />;
  if (isLoading) {
    return (
      <Center py={120}>
        <Loader aria-label="Loading session" />
      </Center>
    );
  }

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'register') next.set('tab', 'register');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
  };

  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <title>{`${tab === 'register' ? 'Register' : 'Login'} · Flows`}</title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} style={{ alignItems: 'start' }}>
        <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={480} w="100%" mx="auto">
          <Title order={1} size="h2">
            Welcome to Flows
          </Title>
          <Text c="dimmed" size="sm" mt={4} mb="lg">
            Sign in or create an account to keep your task history, settings and integrations.
          </Text>
          <Tabs value={tab} onChange={selectTab} keepMounted={false}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <Box visibleFrom="md" pt="md">
          <MarketingPanel />
        </Box>
      </SimpleGrid>
    </Container>
  );
}
