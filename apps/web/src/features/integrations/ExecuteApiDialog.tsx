import {
  integrationMethods,
  type TApiIntegration,
  type TExecuteIntegrationInput,
  type TIntegrationMethod,
  ZExecuteIntegrationInput,
} from '@flows/api/contracts';
import { NativeSelect, Stack, Tabs, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ExecuteDialog, ExecuteLayout, useExecution } from './ExecuteDialog';
import { showError } from './errors';
import { JsonField } from './FormFields';
import { defaultEndpoint } from './format';
import { integrationKind } from './integrationKind';
import { parseJsonText } from './json';
import type { ItemDialogProps } from './useItemDialog';
import { usePhone } from './usePhone';

/**
 * Execute API Request: endpoint (baseUrl + '/version'), method, Request Body, Query Parameters
 * and Headers tabs, and the Response panel. Closing the dialog clears the response.
 */
export function ExecuteApiDialog(props: ItemDialogProps<TApiIntegration>) {
  return <ExecuteDialog {...props} title="Execute API Request" Body={ExecuteApi} />;
}

type RequestTab = 'body' | 'params' | 'headers';

const invalidJson = 'Invalid JSON in one of the fields';

/** The endpoint's problem by the contract's rule ('Endpoint is required'), or undefined. */
function endpointError(endpoint: string): string | undefined {
  const checked = ZExecuteIntegrationInput.shape.endpoint.safeParse(endpoint);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

function ExecuteApi({
  item: integration,
  onClose,
}: {
  item: TApiIntegration;
  onClose: () => void;
}) {
  const execution = useExecution(integrationKind, integration);
  const [endpoint, setEndpoint] = useState(() =>
    defaultEndpoint(integration.baseUrl, integration.version),
  );
  const [method, setMethod] = useState<TIntegrationMethod>('GET');
  const [fields, setFields] = useState<Record<RequestTab, string>>({
    body: '{}',
    params: '{}',
    headers: '{}',
  });
  const [invalid, setInvalid] = useState<RequestTab[]>([]);
  const [tab, setTab] = useState<RequestTab>('body');
  const phone = usePhone();
  const problem = endpointError(endpoint);

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
      showError(invalidJson);
      return;
    }
    const value = (name: RequestTab) => {
      const field = parsed[name];
      return field.ok ? field.value : undefined;
    };
    await execution.run({
      id: integration.id,
      endpoint: endpoint.trim(),
      method,
      data: method === 'GET' ? undefined : value('body'),
      params: value('params') as TExecuteIntegrationInput['params'],
      headers: value('headers') as TExecuteIntegrationInput['headers'],
    });
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
    <ExecuteLayout
      execution={execution}
      responseText="Execute the request to see the response here."
      responseHeight={phone ? 260 : 400}
      note={`${integration.name} · timeout ${integration.timeout} ms`}
      canExecute={problem === undefined}
      onExecute={run}
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label="Endpoint"
          value={endpoint}
          onChange={(event) => setEndpoint(event.currentTarget.value)}
          placeholder={integration.baseUrl}
          autoCapitalize="none"
          spellCheck={false}
          error={problem}
        />
        <NativeSelect
          label="Method"
          data={[...integrationMethods]}
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value as TIntegrationMethod)}
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
    </ExecuteLayout>
  );
}
