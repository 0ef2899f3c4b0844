import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useHydrated } from '../../hydration';
import { footerLinks } from './navigation';

/** What the footer's 'Powered by' link credits: the default local model server. */
export const poweredBy = { label: 'LM Studio', href: 'https://lmstudio.ai' };

/**
 * '© <year> Flows'. The prerendered HTML has the build's year; the browser shows the current one
 * once hydrated, rendering this line again and not the whole footer.
 */
function Copyright() {
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <Text size="sm" c="dimmed">
      © {year} Flows
    </Text>
  );
}

/** The shared footer: links, copyright with the current year, beta notice and 'Powered by'. */
export function Footer() {
  return (
    <Box
      component="footer"
      px="md"
      py="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap="sm" maw={1280} mx="auto">
        <Group justify="space-between" gap="md">
          <Group component="nav" aria-label="Footer" gap="lg">
            {footerLinks.map(({ label, to }) => (
              <Anchor key={to} component={Link} to={to} size="sm" c="dimmed" underline="hover">
                {label}
              </Anchor>
            ))}
          </Group>
          <Copyright />
        </Group>
        <Group justify="space-between" gap="md">
          <Text size="xs" c="dimmed">
            Flows is a prototype in beta: features may change without notice.
          </Text>
          <Text size="xs" c="dimmed">
            Powered by{' '}
            <Anchor href={poweredBy.href} target="_blank" rel="noopener noreferrer" size="xs">
              {poweredBy.label}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}
