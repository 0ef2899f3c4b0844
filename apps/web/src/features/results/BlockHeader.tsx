import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconTextButton, type IconTextButtonProps } from '../../lib/IconTextButton';

/**
 * The head row of a code block, a preview or an output: its label at the start, its buttons at
 * the end; `divided` draws the line under it.
 */
export function BlockHeader({
  divided = false,
  children,
}: {
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <Group
      justify="space-between"
      px="sm"
      py={4}
      gap="xs"
      style={
        divided ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined
      }
    >
      {children}
    </Group>
  );
}

/** A small quiet button of a block's head (Copy, Clear, Hide, Expand), with its icon. */
export function BlockButton(props: Omit<IconTextButtonProps, 'iconSize'>) {
  return (
    <IconTextButton size="compact-xs" variant="subtle" color="gray" iconSize={12} {...props} />
  );
}
