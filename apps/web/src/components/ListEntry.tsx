import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** One entry of a modal's list (history, files): what it is on the left, its actions on the right. */
export function ListEntry({ details, actions }: { details: ReactNode; actions: ReactNode }) {
  return (
    <li style={{ listStyle: 'none' }}>
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="sm"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {details}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      </Group>
    </li>
  );
}
