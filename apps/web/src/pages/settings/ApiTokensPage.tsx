import {
  API_TOKEN_NAME_MAX_LENGTH,
  type TApiTokenView,
  type TCreatedApiToken,
} from '@flows/api/contracts';
import {
  Anchor,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { errorMessage, showError } from '../../features/integrations/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Expiry choices, in days; '' never expires. */
const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '', label: 'Never' },
];

const formatDate = (iso: string | null, never: string) =>
  iso
    ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : never;

/** The token just created: shown once, with a copy button, until the user dismisses it. */
function NewToken({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  return (
    <Notice
      color="teal"
      icon={IconKey}
      title={`Your new token “${created.name}”`}
      role="region"
      aria-label="New API token"
    >
      <Stack gap="sm">
        <Text size="sm">
          Copy it now: Flows keeps only a hash of it and will never show it again.
        </Text>
        <Code block data-testid="new-token">
          {created.token}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Notice>
  );
}

/** Settings → API tokens: create, list and revoke the personal tokens scripts sign in with. */
export function ApiTokensPage() {
  const utils = trpc.useUtils();
  const tokens = trpc.token.list.useQuery();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('90');
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<TApiTokenView | null>(null);

  const create = trpc.token.create.useMutation({
    onSuccess: async (token) => {
      setCreated(token);
      setName('');
      await utils.token.list.invalidate();
    },
    onError: (error) => showError(errorMessage(error, 'Failed to create the token')),
  });
  const revoke = trpc.token.revoke.useMutation({
    onSuccess: async () => {
      showToast({ title: 'Token revoked', message: 'Scripts using it are now refused.' });
      setRevoking(null);
      await utils.token.list.invalidate();
    },
    onError: (error) => showError(errorMessage(error, 'Failed to revoke the token')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, expiresInDays: expiry ? Number(expiry) : null });
  };

  return (
    <Container size="md" py={48}>
      <title>API tokens · Flows</title>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>API tokens</Title>
          <Text c="dimmed">
            A personal API token lets a script act as you: send it as{' '}
            <Code>Authorization: Bearer &lt;token&gt;</Code> to any REST path or to tRPC. See the{' '}
            <Anchor component={Link} to="/docs?tab=api">
              API documentation
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/docs/api">
              API reference
            </Anchor>
            .
          </Text>
        </Stack>

        {created && <NewToken created={created} onDone={() => setCreated(null)} />}

        <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Create a token
            </Title>
            <Group align="flex-end" gap="md" wrap="wrap">
              <TextInput
                label="Name"
                description="What the token is for, e.g. the script that uses it"
                placeholder="nightly report"
                required
                maxLength={API_TOKEN_NAME_MAX_LENGTH}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Select
                label="Expires after"
                data={EXPIRY_CHOICES}
                value={expiry}
                onChange={(value) => setExpiry(value ?? '')}
                allowDeselect={false}
                w={160}
              />
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                Create token
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Stack gap="sm">
          <Title order={2} fz="lg">
            Your tokens
          </Title>
          {tokens.isPending ? (
            <Loader size="sm" aria-label="Loading tokens" />
          ) : tokens.isError ? (
            <Notice color="red" icon={IconAlertTriangle} title="Could not load your tokens">
              {errorMessage(tokens.error, 'Failed to load the tokens')}
            </Notice>
          ) : tokens.data.length === 0 ? (
            <Text c="dimmed">No tokens yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" aria-label="API tokens">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Token</Table.Th>
                    <Table.Th scope="col">Created</Table.Th>
                    <Table.Th scope="col">Last used</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tokens.data.map((token) => {
                    const expired =
                      token.expiresAt !== null && Date.parse(token.expiresAt) < Date.now();
                    return (
                      <Table.Tr key={token.id}>
                        <Table.Td fw={600}>{token.name}</Table.Td>
                        <Table.Td>
                          <Code>{token.prefix}…</Code>
                        </Table.Td>
                        <Table.Td>{formatDate(token.createdAt, '')}</Table.Td>
                        <Table.Td>{formatDate(token.lastUsedAt, 'Never')}</Table.Td>
                        <Table.Td c={expired ? 'red' : undefined}>
                          {expired ? 'Expired ' : ''}
                          {formatDate(token.expiresAt, 'Never')}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={`Revoke ${token.name}`}
                            onClick={() => setRevoking(token)}
                          >
                            Revoke
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke token"
        centered
      >
        <Stack gap="lg">
          <Text size="sm">
            Revoke “{revoking?.name}”? Scripts that use it are refused from then on. This cannot be
            undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate({ id: revoking.id })}
            >
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
