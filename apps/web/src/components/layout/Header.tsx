import { Anchor, Badge, Box, Burger, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AccountActions, type AccountActionsOptions } from './AccountActions';
import { Logo } from './Logo';
import { headerLinks, isActiveLink } from './navigation';
import { ThemeMenu } from './ThemeMenu';

/** Props of the shared header; all optional, see {@link AccountActionsOptions}. */
export type HeaderProps = AccountActionsOptions;

const MobileMenu = lazy(async () => {
  const [module] = await Promise.all([import('./MobileMenu'), import('../../mantineStyles')]);
  return { default: module.MobileMenu };
});

/** Height of the sticky header, for pages that size themselves to the viewport. */
export const HEADER_HEIGHT = 60;

/**
 * The shared header: logo, navigation row from the md breakpoint up, theme menu, account buttons
 * (visitor or signed-in variant from `useSession()`) and a burger menu on small screens.
 */
export function Header(props: HeaderProps) {
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer's code loads on the first open and then stays, for its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);

  const navigationButtons = (stacked: boolean) =>
    headerLinks.map(({ label, to, isNew }) => {
      const isActive = isActiveLink(to, pathname);
      return (
        <Button
          key={to}
          component={Link}
          to={to}
          variant={isActive ? 'light' : 'subtle'}
          color={isActive ? undefined : 'gray'}
          aria-current={isActive ? 'page' : undefined}
          fullWidth={stacked}
          justify={stacked ? 'flex-start' : undefined}
          px={stacked ? undefined : 8}
          rightSection={
            isNew ? (
              <Badge size="xs" variant="filled" color="teal">
                New
              </Badge>
            ) : undefined
          }
          onClick={stacked ? menu.close : undefined}
        >
          {label}
        </Button>
      );
    });

  return (
    <Box
      component="header"
      h={HEADER_HEIGHT}
      px="md"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        backgroundColor: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        <Group gap="md" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit">
            <Logo />
          </Anchor>
          <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="md">
            {navigationButtons(false)}
          </Group>
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ThemeMenu />
          <Group gap={6} wrap="nowrap" visibleFrom="sm">
            <AccountActions {...props} />
          </Group>
          <Burger
            opened={menuOpened}
            onClick={() => {
              setMenuUsed(true);
              menu.toggle();
            }}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={menuOpened}
          />
        </Group>
      </Group>

      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close}>
            <Stack gap="xs">
              <Stack component="nav" aria-label="Main menu" gap={4}>
                {navigationButtons(true)}
              </Stack>
              <Stack
                gap="xs"
                pt="md"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <AccountActions {...props} stacked onAction={menu.close} />
              </Stack>
            </Stack>
          </MobileMenu>
        </Suspense>
      )}
    </Box>
  );
}
