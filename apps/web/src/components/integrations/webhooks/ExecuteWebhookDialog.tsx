import type { TWebhook } from '@flows/api';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../errors';
import { JsonField } from '../JsonField';
import { parseJsonText } from '../json';
import { MethodBadge } from '../MethodBadge';
import { mediaQueryOptions, PHONE_QUERY } from '../media';
import { type ExecutionResult, ResponsePanel } from '../ResponsePanel';

/** Props of {@link ExecuteWebhookDialog}. */
export type ExecuteWebhookDialogProps = {
  opened: boolean;
  webhook: TWebhook | null;
  onClose: () => void;
};

/**
 * Execute Webhook (size 4xl): the JSON payload on the left, the response on the right, Close and
 * Execute below. Closing the dialog forgets both payload and response.
 */
export function ExecuteWebhookDialog({ opened, webhook, onClose }: ExecuteWebhookDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Execute Webhook" size="56rem">
      {webhook && <ExecuteWebhook key={webhook.id} webhook={webhook} onClose={onClose} />}
    </Modal>
  );
}

function ExecuteWebhook({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const utils = trpc.useUtils();
  const execute = trpc.webhook.execute.useMutation();
  const [payload, setPayload] = useState('{}');
  const [payloadError, setPayloadError] = useState<string | null>(null);
  const [result, setResult] = useState<ExecutionResult | null>(null);
  const phone = useMediaQuery(PHONE_QUERY, false, mediaQueryOptions);

  const run = async () => {
    const parsed = parseJsonText(payload);
    if (!parsed.ok) {
      setPayloadError('Invalid JSON payload');
      showToast({ destructive: true, title: 'Error', message: 'Invalid JSON payload' });
      return;
    }
    setPayloadError(null);
    setResult(null);
    try {
      const answer = await execute.mutateAsync({ id: webhook.id, payload: parsed.value ?? {} });
      setResult({ kind: 'answer', answer });
      showToast({
        title: 'Webhook executed',
        message: `${webhook.name} answered ${answer.status} in ${answer.durationMs} ms.`,
      });
    } catch (error) {
      const message = errorMessage(error, 'Failed to execute webhook');
      setResult({ kind: 'error', message });
      showToast({ destructive: true, title: 'Error', message });
    }
    await utils.webhook.executions.invalidate({ id: webhook.id });
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <MethodBadge method={webhook.method} />
          <Text size="sm" fw={500} truncate>
            {webhook.name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <JsonField
          label="Payload (JSON)"
          description={
            webhook.method === 'GET'
              ? 'Sent as query parameters.'
              : 'Sent as the JSON body of the request.'
          }
          value={payload}
          onChange={(event) => {
            setPayload(event.currentTarget.value);
            setPayloadError(null);
          }}
          error={payloadError}
          minRows={phone ? 6 : 14}
          maxRows={phone ? 10 : 14}
        />
        <ResponsePanel
          running={execute.isPending}
          result={result}
          emptyText="Execute the webhook to see the response here."
          height={phone ? 260 : 340}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          onClick={run}
          disabled={execute.isPending}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
        >
          Execute
        </Button>
      </Group>
    </Stack>
  );
}
