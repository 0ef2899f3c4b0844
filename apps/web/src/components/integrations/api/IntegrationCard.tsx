import type { TApiIntegration } from '@flows/api';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { versionLabel } from '../format';
import { ItemActions, type ItemActionsProps } from '../ItemActions';

/**
 * One API integration in the list: name, base URL, 'v{version}' badge, 'Auth: {type}',
 * 'Timeout: {n}ms', description and its buttons.
 */
export function IntegrationCard({
  integration,
  ...actions
}: { integration: TApiIntegration } & ItemActionsProps) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={integration.name}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {integration.name}
            </Text>
            {integration.version?.trim() && (
              <Badge variant="outline" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {versionLabel(integration.version)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {integration.baseUrl}
          </Text>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              Auth: {integration.authType}
            </Text>
            <Text size="xs" c="dimmed">
              Timeout: {integration.timeout}ms
            </Text>
          </Group>
          {integration.description && <Text size="sm">{integration.description}</Text>}
        </Stack>
        <ItemActions {...actions} />
      </Group>
    </Paper>
  );
}
