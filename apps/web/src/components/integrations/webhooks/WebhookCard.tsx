import type { TWebhook } from '@flows/api';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { ItemActions, type ItemActionsProps } from '../ItemActions';
import { MethodBadge } from '../MethodBadge';

/** One webhook in the list: name, method badge, URL, description and its buttons. */
export function WebhookCard({ webhook, ...actions }: { webhook: TWebhook } & ItemActionsProps) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={webhook.name}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {webhook.name}
            </Text>
            <MethodBadge method={webhook.method} />
          </Group>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          {webhook.description && <Text size="sm">{webhook.description}</Text>}
        </Stack>
        <ItemActions {...actions} />
      </Group>
    </Paper>
  );
}
