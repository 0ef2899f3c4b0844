import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Shown for any path the router does not know. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={96}>
      <title>Page not found · Flows</title>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <IconMapPinOff size={40} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
