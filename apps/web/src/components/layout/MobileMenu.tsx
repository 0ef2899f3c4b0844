import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The small-screen menu's drawer. Its own module so that the drawer's machinery (scroll area,
 * scroll lock, focus trap) downloads when the menu is first opened, not with every page.
 */
export function MobileMenu({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title="Menu"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close navigation menu' }}
    >
      {children}
    </Drawer>
  );
}
