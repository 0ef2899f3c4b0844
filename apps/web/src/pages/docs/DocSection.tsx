import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of documentation text inside a tab (a level-2 heading under the page title). */
export function DocSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A documentation paragraph. */
export function DocText({ children }: { children: ReactNode }) {
  return <Text lh={1.7}>{children}</Text>;
}
