import type { TWebhook, TWebhookTemplate } from '@flows/api';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../errors';
import { JsonField } from '../JsonField';
import { followHost, hasSavedSecrets, SECRET_MASK, sameOrigin } from '../secrets';
import { TemplatePicker } from '../TemplatePicker';
import {
  newWebhookValues,
  templateFormValues,
  type WebhookFormValues,
  webhookAuthTypes,
  webhookFormValues,
  webhookInput,
  webhookMethods,
  webhookSecretFields,
  webhookValidation,
} from './webhook-form';

/** Props of {@link WebhookFormDialog}. */
export type WebhookFormDialogProps = {
  opened: boolean;
  /** The webhook to edit; null adds a new one. */
  webhook: TWebhook | null;
  onClose: () => void;
};

/** Add Webhook (with the template picker) and Edit Webhook, in a max-w-md dialog. */
export function WebhookFormDialog({ opened, webhook, onClose }: WebhookFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? 'Edit Webhook' : 'Add Webhook'}
      size="md"
    >
      <WebhookForm key={webhook?.id ?? 'new'} webhook={webhook} onDone={onClose} />
    </Modal>
  );
}

const savedSecretHint = 'Saved. Leave it to keep the secret, or clear it to remove it.';

function WebhookForm({ webhook, onDone }: { webhook: TWebhook | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.webhook.create.useMutation();
  const update = trpc.webhook.update.useMutation();
  const templates = trpc.webhook.templates.useQuery(undefined, { enabled: !webhook });
  const saved = webhook ? webhookFormValues(webhook) : newWebhookValues;

  const form = useForm<WebhookFormValues>({
    initialValues: saved,
    validate: webhookValidation,
    onValuesChange: (values, previous) => {
      if (!webhook || values.url === previous.url) return;
      const moved = !sameOrigin(values.url, webhook.url);
      if (moved === !sameOrigin(previous.url, webhook.url)) return;
      form.setValues(followHost(values, saved, webhookSecretFields, moved));
    },
  });
  const { values } = form;
  const secretsCleared =
    webhook !== null &&
    !sameOrigin(values.url, webhook.url) &&
    hasSavedSecrets(saved, webhookSecretFields);

  const applyTemplate = (template: TWebhookTemplate) => {
    form.setValues(templateFormValues(template));
    form.clearErrors();
    showToast({
      title: 'Template applied',
      message: `The ${template.name} template has been applied.`,
    });
  };

  const submit = async (formValues: WebhookFormValues) => {
    const input = webhookInput(formValues);
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, ...input });
        showToast({ title: 'Webhook updated', message: `${input.name} has been saved.` });
      } else {
        await create.mutateAsync(input);
        showToast({ title: 'Webhook created', message: `${input.name} is ready to execute.` });
      }
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Error',
        message: errorMessage(
          error,
          webhook ? 'Failed to update webhook' : 'Failed to create webhook',
        ),
      });
      return;
    }
    await utils.webhook.list.invalidate();
    onDone();
  };

  const secretProps = (field: 'authPassword' | 'authToken' | 'signingSecret') => ({
    ...form.getInputProps(field),
    description: values[field] === SECRET_MASK ? savedSecretHint : undefined,
    visibilityToggleButtonProps: { 'aria-label': 'Show secret' },
  });

  return (
    <form
      onSubmit={form.onSubmit(submit)}
      noValidate
      aria-label={webhook ? 'Edit Webhook' : 'Add Webhook'}
    >
      <Stack gap="md">
        {!webhook && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Start from a template
            </Text>
            <TemplatePicker
              templates={templates.data}
              isLoading={templates.isLoading}
              isError={templates.isError}
              cols={2}
              onPick={applyTemplate}
            />
            <Divider label="or fill in the details" labelPosition="center" mt={4} />
          </Stack>
        )}

        <TextInput
          label="Name"
          withAsterisk
          placeholder="My webhook"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="URL"
          withAsterisk
          placeholder="https://example.com/webhook"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label="Method"
            data={[...webhookMethods]}
            {...form.getInputProps('method')}
          />
          <NativeSelect
            label="Auth Type"
            data={webhookAuthTypes.map(({ value, label }) => ({ value, label }))}
            {...form.getInputProps('authType')}
          />
        </SimpleGrid>

        {values.authType === 'basic' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Username"
              autoComplete="off"
              autoCapitalize="none"
              {...form.getInputProps('authUser')}
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              {...secretProps('authPassword')}
            />
          </SimpleGrid>
        )}
        {values.authType === 'bearer' && (
          <PasswordInput label="Token" autoComplete="off" {...secretProps('authToken')} />
        )}
        {(values.authType === 'custom' || form.errors.headers) && (
          <JsonField
            label="Headers (JSON)"
            description="Sent with every request, e.g. an API key header."
            placeholder='{"X-API-Key": "your-key"}'
            {...form.getInputProps('headers')}
          />
        )}
        {secretsCleared && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
            Saved secrets do not move to a new host, so they were cleared: enter them again.
          </Alert>
        )}

        <PasswordInput
          label="Signing secret"
          placeholder="whsec_..."
          autoComplete="off"
          {...secretProps('signingSecret')}
          description={
            values.signingSecret === SECRET_MASK
              ? savedSecretHint
              : 'Optional. Signs each request with Standard Webhooks headers.'
          }
        />
        <Textarea
          label="Description"
          placeholder="What this webhook is for"
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
            {webhook ? 'Save Changes' : 'Create Webhook'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
