import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a page fails to render or its code fails to download (for example after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <Container size="sm" py={96}>
      <title>Something went wrong · Flows</title>
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          title="This page could not be shown"
        >
          {detail}
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button component={Link} to="/" variant="default">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
