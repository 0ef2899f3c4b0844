import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';

/** Where the server serves the generated OpenAPI document. */
export const OPENAPI_URL = '/api/openapi.json';

/**
 * /docs/api: the API reference, rendered by Swagger UI from the OpenAPI document the server
 * generates from its REST table and zod schemas. This page is its own chunk, so the renderer is
 * only loaded here. "Try it out" calls this server as the signed-in user (same-origin cookie).
 */
export function ApiReferencePage() {
  return (
    <Container size="lg" py={48}>
      <title>API reference · Flows</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>API reference</Title>
          <Text c="dimmed">
            Every REST path of this Flows server, generated from the code that serves it. Scripts
            sign in with a personal API token (
            <Anchor component={Link} to="/settings/tokens">
              Settings → API tokens
            </Anchor>
            ); see the{' '}
            <Anchor component={Link} to="/docs?tab=api">
              API guide
            </Anchor>{' '}
            for examples. The document itself:{' '}
            <Anchor href={OPENAPI_URL} target="_blank" rel="noreferrer">
              {OPENAPI_URL}
            </Anchor>
            .
          </Text>
        </Stack>
        {/* Swagger UI has a light theme only: give it a light surface in either app theme. */}
        <Box
          data-testid="api-reference"
          bg="white"
          c="black"
          style={{ borderRadius: 'var(--mantine-radius-md)', colorScheme: 'light' }}
          py="xs"
        >
          <SwaggerUI url={OPENAPI_URL} docExpansion="list" deepLinking tryItOutEnabled={false} />
        </Box>
        <Group>
          <Anchor component={Link} to="/docs">
            ← Documentation
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
