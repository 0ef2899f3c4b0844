import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ItemActions, type ItemActionsProps } from './ItemActions';

/** Props of {@link ItemCard}. */
export type ItemCardProps = {
  name: string;
  /** Beside the name: the method of a webhook, the version of an API. */
  badge?: ReactNode;
  /** The address it calls, in monospace. */
  address: string;
  /** Further facts below the address. */
  details?: ReactNode;
  description: string | null;
} & ItemActionsProps;

/** One webhook or API integration in its list: name, badge, address, details, description, buttons. */
export function ItemCard({
  name,
  badge,
  address,
  details,
  description,
  ...actions
}: ItemCardProps) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={name}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            {badge}
          </Group>
          <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {address}
          </Text>
          {details}
          {description && <Text size="sm">{description}</Text>}
        </Stack>
        <ItemActions {...actions} />
      </Group>
    </Paper>
  );
}
