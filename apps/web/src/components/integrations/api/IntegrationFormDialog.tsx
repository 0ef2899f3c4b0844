import type { TApiIntegration, TApiTemplate } from '@flows/api';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../errors';
import { JsonField } from '../JsonField';
import { followHost, hasSavedSecrets, sameOrigin } from '../secrets';
import { TemplatePicker } from '../TemplatePicker';
import { MAX_TIMEOUT_MS } from '../validation';
import {
  authConfigExamples,
  type IntegrationFormValues,
  integrationAuthTypes,
  integrationFormValues,
  integrationInput,
  integrationSecretFields,
  integrationValidation,
  newIntegrationValues,
  templateFormValues,
} from './api-integration-form';

/** Props of {@link IntegrationFormDialog}. */
export type IntegrationFormDialogProps = {
  opened: boolean;
  /** The integration to edit; null adds a new one. */
  integration: TApiIntegration | null;
  onClose: () => void;
};

/** Add and Edit API Integration: template picker (3 columns), fields, Headers and Rate Limiting. */
export function IntegrationFormDialog({
  opened,
  integration,
  onClose,
}: IntegrationFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={integration ? 'Edit API Integration' : 'Add API Integration'}
      size="lg"
    >
      <IntegrationForm key={integration?.id ?? 'new'} integration={integration} onDone={onClose} />
    </Modal>
  );
}

type SubTab = 'headers' | 'rateLimiting';

/** Spec section 9's hint: 60 requests per 1 minute, in the keys the server enforces. */
const rateLimitPlaceholder = '{\n  "maxRequestsPerMinute": 60\n}';

function IntegrationForm({
  integration,
  onDone,
}: {
  integration: TApiIntegration | null;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.integration.create.useMutation();
  const update = trpc.integration.update.useMutation();
  const templates = trpc.integration.templates.useQuery(undefined, { enabled: !integration });
  const [subTab, setSubTab] = useState<SubTab>('headers');
  const saved = integration ? integrationFormValues(integration) : newIntegrationValues;

  const form = useForm<IntegrationFormValues>({
    initialValues: saved,
    validate: integrationValidation,
    onValuesChange: (values, previous) => {
      if (!integration || values.baseUrl === previous.baseUrl) return;
      const moved = !sameOrigin(values.baseUrl, integration.baseUrl);
      if (moved === !sameOrigin(previous.baseUrl, integration.baseUrl)) return;
      form.setValues(followHost(values, saved, integrationSecretFields, moved));
    },
  });
  const { values } = form;
  const secretsCleared =
    integration !== null &&
    !sameOrigin(values.baseUrl, integration.baseUrl) &&
    hasSavedSecrets(saved, integrationSecretFields);

  const applyTemplate = (template: TApiTemplate) => {
    form.setValues(templateFormValues(template));
    form.clearErrors();
    showToast({
      title: 'Template applied',
      message: `The ${template.name} template has been applied.`,
    });
  };

  const submit = async (formValues: IntegrationFormValues) => {
    const input = integrationInput(formValues);
    try {
      if (integration) {
        await update.mutateAsync({ id: integration.id, ...input });
        showToast({ title: 'API Integration updated', message: `${input.name} has been saved.` });
      } else {
        await create.mutateAsync(input);
        showToast({
          title: 'API Integration created',
          message: `${input.name} is ready to execute.`,
        });
      }
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Error',
        message: errorMessage(
          error,
          integration ? 'Failed to update API integration' : 'Failed to create API integration',
        ),
      });
      return;
    }
    await utils.integration.list.invalidate();
    onDone();
  };

  /** Shows the sub-tab holding the first invalid field, which is otherwise out of sight. */
  const showInvalidTab = (errors: Record<string, unknown>) => {
    if (errors.headers) setSubTab('headers');
    else if (errors.rateLimitConfig) setSubTab('rateLimiting');
  };

  return (
    <form
      onSubmit={form.onSubmit(submit, showInvalidTab)}
      noValidate
      aria-label={integration ? 'Edit API Integration' : 'Add API Integration'}
    >
      <Stack gap="md">
        {!integration && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Start from a template
            </Text>
            <TemplatePicker
              templates={templates.data}
              isLoading={templates.isLoading}
              isError={templates.isError}
              cols={{ base: 2, sm: 3 }}
              onPick={applyTemplate}
            />
            <Divider label="or fill in the details" labelPosition="center" mt={4} />
          </Stack>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            withAsterisk
            placeholder="My API"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Base URL"
            withAsterisk
            placeholder="https://api.example.com"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('baseUrl')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Version" placeholder="v1" {...form.getInputProps('version')} />
          <NativeSelect
            label="Auth Type"
            data={integrationAuthTypes.map(({ value, label }) => ({ value, label }))}
            {...form.getInputProps('authType')}
          />
          <NumberInput
            label="Timeout (ms)"
            min={1}
            max={MAX_TIMEOUT_MS}
            step={1000}
            allowDecimal={false}
            allowNegative={false}
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
        {secretsCleared && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
            Saved secrets do not move to a new host, so they were cleared: enter them again.
          </Alert>
        )}

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
              description="For example 60 requests per 1 minute. Also maxRequestsPer15Min, maxRequestsPerHour, maxRequestsPerDay and maxRequestsPer24Hours; calls over a limit are refused with a Retry-After."
              placeholder={rateLimitPlaceholder}
              {...form.getInputProps('rateLimitConfig')}
            />
          </Tabs.Panel>
        </Tabs>

        <Textarea
          label="Description"
          placeholder="What this integration is for"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {integration ? 'Save Changes' : 'Create API Integration'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
