import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';

/** The Flows word mark. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={30} radius="md" variant="gradient" gradient={{ from: 'violet', to: 'cyan' }}>
        <IconArrowsSplit2 size={18} stroke={2} aria-hidden />
      </ThemeIcon>
      <Text component="span" fw={800} fz={22} lh={1}>
        Flows
      </Text>
    </Group>
  );
}
