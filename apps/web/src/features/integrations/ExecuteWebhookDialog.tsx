import type { TWebhook } from '@flows/api/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ExecuteDialog, ExecuteLayout, useExecution } from './ExecuteDialog';
import { showError } from './errors';
import { JsonField } from './FormFields';
import { parseJsonText } from './json';
import { MethodBadge } from './MethodBadge';
import type { ItemDialogProps } from './useItemDialog';
import { usePhone } from './usePhone';
import { webhookKind } from './webhookKind';

/**
 * Execute Webhook (size 4xl): the JSON payload on the left, the response on the right, Close and
 * Execute below. Closing the dialog forgets both payload and response.
 */
export function ExecuteWebhookDialog(props: ItemDialogProps<TWebhook>) {
  return <ExecuteDialog {...props} title="Execute Webhook" Body={ExecuteWebhook} />;
}

function ExecuteWebhook({ item: webhook, onClose }: { item: TWebhook; onClose: () => void }) {
  const execution = useExecution(webhookKind, webhook);
  const [payload, setPayload] = useState('{}');
  const [payloadError, setPayloadError] = useState<string | null>(null);
  const phone = usePhone();

  const run = async () => {
    const parsed = parseJsonText(payload);
    if (!parsed.ok) {
      setPayloadError('Invalid JSON payload');
      showError('Invalid JSON payload');
      return;
    }
    setPayloadError(null);
    await execution.run({ id: webhook.id, payload: parsed.value ?? {} });
  };

  return (
    <ExecuteLayout
      execution={execution}
      header={
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
      }
      responseText="Execute the webhook to see the response here."
      responseHeight={phone ? 260 : 340}
      onExecute={run}
      onClose={onClose}
    >
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
    </ExecuteLayout>
  );
}
