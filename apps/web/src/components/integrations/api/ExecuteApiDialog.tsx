import type { TApiIntegration, TExecuteIntegrationInput } from '@flows/api';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../errors';
import { defaultEndpoint } from '../format';
import { JsonField } from '../JsonField';
import { parseJsonText } from '../json';
import { mediaQueryOptions, PHONE_QUERY } from '../media';
import { type ExecutionResult, ResponsePanel } from '../ResponsePanel';
import { integrationMethods } from './api-integration-form';

/** Props of {@link ExecuteApiDialog}. */
export type ExecuteApiDialogProps = {
  opened: boolean;
  integration: TApiIntegration | null;
  onClose: () => void;
};

/**
 * Execute API Request: endpoint (baseUrl + '/version'), method, Request Body, Query Parameters
 * and Headers tabs, and the Response panel. Closing the dialog clears the response.
 */
export function ExecuteApiDialog({ opened, integration, onClose }: ExecuteApiDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Execute API Request" size="56rem">
      {integration && (
        <ExecuteApi key={integration.id} integration={integration} onClose={onClose} />
      )}
    </Modal>
  );
}

type Method = (typeof integrationMethods)[number];
type RequestTab = 'body' | 'params' | 'headers';

const invalidJson = 'Invalid JSON in one of the fields';

function ExecuteApi({
  integration,
  onClose,
}: {
  integration: TApiIntegration;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const execute = trpc.integration.execute.useMutation();
  const [endpoint, setEndpoint] = useState(() =>
    defaultEndpoint(integration.baseUrl, integration.version),
  );
  const [method, setMethod] = useState<Method>('GET');
  const [fields, setFields] = useState<Record<RequestTab, string>>({
    body: '{}',
    params: '{}',
    headers: '{}',
  });
  const [invalid, setInvalid] = useState<RequestTab[]>([]);
  const [tab, setTab] = useState<RequestTab>('body');
  const [result, setResult] = useState<ExecutionResult | null>(null);
  const phone = useMediaQuery(PHONE_QUERY, false, mediaQueryOptions);

  const setField = (name: RequestTab, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setInvalid((current) => current.filter((field) => field !== name));
  };

  const run = async () => {
    const parsed = {
      body: parseJsonText(fields.body),
      params: parseJsonText(fields.params),
      headers: parseJsonText(fields.headers),
    };
    const broken = (Object.keys(parsed) as RequestTab[]).filter((name) => !parsed[name].ok);
    const [firstBroken] = broken;
    if (firstBroken) {
      setInvalid(broken);
      setTab(firstBroken);
      showToast({ destructive: true, title: 'Error', message: invalidJson });
      return;
    }
    const value = (name: RequestTab) => {
      const field = parsed[name];
      return field.ok ? field.value : undefined;
    };
    const input: TExecuteIntegrationInput = {
      id: integration.id,
      endpoint: endpoint.trim(),
      method,
      data: method === 'GET' ? undefined : value('body'),
      params: value('params') as TExecuteIntegrationInput['params'],
      headers: value('headers') as TExecuteIntegrationInput['headers'],
    };
    setResult(null);
    try {
      const answer = await execute.mutateAsync(input);
      setResult({ kind: 'answer', answer });
      showToast({
        title: 'API request executed',
        message: `${integration.name} answered ${answer.status} in ${answer.durationMs} ms.`,
      });
    } catch (error) {
      const message = errorMessage(error, 'Failed to execute API request');
      setResult({ kind: 'error', message });
      showToast({ destructive: true, title: 'Error', message });
    }
    await utils.integration.executions.invalidate({ id: integration.id });
  };

  const jsonTab = (name: RequestTab, label: string, description: string) => (
    <Tabs.Panel value={name} pt="sm">
      <JsonField
        aria-label={label}
        description={description}
        value={fields[name]}
        onChange={(event) => setField(name, event.currentTarget.value)}
        error={invalid.includes(name) ? invalidJson : undefined}
        minRows={phone ? 5 : 8}
        maxRows={8}
      />
    </Tabs.Panel>
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="sm">
          <TextInput
            label="Endpoint"
            value={endpoint}
            onChange={(event) => setEndpoint(event.currentTarget.value)}
            placeholder={integration.baseUrl}
            autoCapitalize="none"
            spellCheck={false}
            error={endpoint.trim() ? undefined : 'Endpoint is required'}
          />
          <NativeSelect
            label="Method"
            data={[...integrationMethods]}
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value as Method)}
          />
          <Tabs value={tab} onChange={(value) => setTab((value as RequestTab) ?? 'body')}>
            <Tabs.List>
              <Tabs.Tab value="body" c={invalid.includes('body') ? 'red' : undefined}>
                Request Body
              </Tabs.Tab>
              <Tabs.Tab value="params" c={invalid.includes('params') ? 'red' : undefined}>
                Query Parameters
              </Tabs.Tab>
              <Tabs.Tab value="headers" c={invalid.includes('headers') ? 'red' : undefined}>
                Headers
              </Tabs.Tab>
            </Tabs.List>
            {jsonTab(
              'body',
              'Request Body',
              method === 'GET' ? 'A GET request sends no body.' : 'Sent as the JSON body.',
            )}
            {jsonTab('params', 'Query Parameters', 'Added to the URL, e.g. {"page": 2}.')}
            {jsonTab('headers', 'Headers', 'Added to the integration’s default headers.')}
          </Tabs>
        </Stack>
        <ResponsePanel
          running={execute.isPending}
          result={result}
          emptyText="Execute the request to see the response here."
          height={phone ? 260 : 400}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {integration.name} · timeout {integration.timeout} ms
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={run}
            disabled={execute.isPending || !endpoint.trim()}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            Execute
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
