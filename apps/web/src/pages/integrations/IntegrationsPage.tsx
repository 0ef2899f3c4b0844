import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconApi, IconWebhook } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { IntegrationsPanel, WebhooksPanel } from '../../features/integrations';

type IntegrationsTab = 'webhooks' | 'api';

/**
 * The integrations screen: 'Webhooks' (default) and 'API Integrations' tabs, each a list with
 * its dialogs. `?tab=api` opens the second tab, and switching tabs updates the URL.
 */
export function IntegrationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: IntegrationsTab = searchParams.get('tab') === 'api' ? 'api' : 'webhooks';

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'api') next.set('tab', 'api');
    else next.delete('tab');
    setSearchParams(next, { replace: true });
  };

  return (
    <Container size="lg" py={{ base: 'xl', md: 48 }}>
      <title>Integrations · Flows</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Integrations</Title>
          <Text c="dimmed">
            Connect Flows to outside services with webhooks and API integrations, and run them on
            demand.
          </Text>
        </Stack>
        <Tabs value={tab} onChange={selectTab}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} aria-hidden />}>
              Webhooks
            </Tabs.Tab>
            <Tabs.Tab value="api" leftSection={<IconApi size={16} aria-hidden />}>
              API Integrations
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="webhooks">
            <WebhooksPanel />
          </Tabs.Panel>
          <Tabs.Panel value="api">
            <IntegrationsPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
