import {
  integrationAuthTypes,
  MAX_TIMEOUT_MS,
  rateLimitKeys,
  type TApiIntegration,
} from '@flows/api/contracts';
import { NativeSelect, NumberInput, SimpleGrid, Tabs, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { AddressField, FlowToolSwitches, JsonField } from './FormFields';
import { authTypeOptions, listInWords } from './format';
import { ItemForm, ItemFormDialog, SecretsClearedAlert, useItemForm } from './ItemForm';
import { authConfigExamples, integrationForm } from './integrationForm';
import { integrationKind } from './integrationKind';
import type { ItemDialogProps } from './useItemDialog';

/** Add and Edit API Integration: template picker (3 columns), fields, Headers and Rate Limiting. */
export function IntegrationFormDialog(props: ItemDialogProps<TApiIntegration>) {
  return <ItemFormDialog {...props} kind={integrationKind} size="lg" Form={IntegrationForm} />;
}

type SubTab = 'headers' | 'rateLimiting';

/** Spec section 9's hint: 60 requests per 1 minute, in the keys the server enforces. */
const rateLimitPlaceholder = '{\n  "maxRequestsPerMinute": 60\n}';
const rateLimitHint = `For example 60 requests per 1 minute. Also ${listInWords(
  rateLimitKeys.filter((key) => key !== 'maxRequestsPerMinute'),
)}; calls over a limit are refused with a Retry-After.`;

function IntegrationForm({ item, onDone }: { item: TApiIntegration | null; onDone: () => void }) {
  const editor = useItemForm({ kind: integrationKind, spec: integrationForm, item, onDone });
  const [subTab, setSubTab] = useState<SubTab>('headers');
  const { form } = editor;
  const { values } = form;

  /** Shows the sub-tab holding the first invalid field, which is otherwise out of sight. */
  const showInvalidTab = (errors: FormErrors) => {
    if (errors.headers) setSubTab('headers');
    else if (errors.rateLimitConfig) setSubTab('rateLimiting');
  };

  return (
    <ItemForm
      editor={editor}
      onInvalid={showInvalidTab}
      templateColumns={{ base: 2, sm: 3 }}
      descriptionPlaceholder="What this integration is for"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk placeholder="My API" {...form.getInputProps('name')} />
        <AddressField
          label="Base URL"
          placeholder="https://api.example.com"
          {...form.getInputProps('baseUrl')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Version" placeholder="v1" {...form.getInputProps('version')} />
        <NativeSelect
          label="Auth Type"
          data={authTypeOptions(integrationAuthTypes)}
          {...form.getInputProps('authType')}
        />
        {/* What is typed stays as typed (no clamping, no dropped signs or points): a timeout that
            is not a positive integer gets the form's error, not a silently different number. */}
        <NumberInput
          label="Timeout (ms)"
          min={1}
          max={MAX_TIMEOUT_MS}
          step={1000}
          clampBehavior="none"
          thousandSeparator=","
          {...form.getInputProps('timeout')}
        />
      </SimpleGrid>

      {values.authType !== 'none' && (
        <JsonField
          label="Auth Configuration (JSON)"
          description="Credentials are stored encrypted and never shown again."
          placeholder={authConfigExamples[values.authType]}
          minRows={3}
          {...form.getInputProps('authConfig')}
        />
      )}
      {editor.secretsCleared && <SecretsClearedAlert />}

      <Tabs value={subTab} onChange={(value) => setSubTab((value as SubTab) ?? 'headers')}>
        <Tabs.List>
          <Tabs.Tab value="headers" c={form.errors.headers ? 'red' : undefined}>
            Headers
          </Tabs.Tab>
          <Tabs.Tab value="rateLimiting" c={form.errors.rateLimitConfig ? 'red' : undefined}>
            Rate Limiting
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="headers" pt="sm">
          <JsonField
            label="Default Headers (JSON)"
            description="Sent with every request to this API."
            placeholder='{"Accept": "application/json"}'
            {...form.getInputProps('headers')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rateLimiting" pt="sm">
          <JsonField
            label="Rate Limit Configuration (JSON)"
            description={rateLimitHint}
            placeholder={rateLimitPlaceholder}
            {...form.getInputProps('rateLimitConfig')}
          />
        </Tabs.Panel>
      </Tabs>
      <FlowToolSwitches
        useInFlows={form.getInputProps('useInFlows', { type: 'checkbox' })}
        askBeforeCall={form.getInputProps('askBeforeCall', { type: 'checkbox' })}
      />
    </ItemForm>
  );
}
