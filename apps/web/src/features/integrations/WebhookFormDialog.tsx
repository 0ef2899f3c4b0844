import { SECRET_MASK, type TWebhook, webhookAuthTypes, webhookMethods } from '@flows/api/contracts';
import { NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { AddressField, FlowToolSwitches, JsonField } from './FormFields';
import { authTypeOptions } from './format';
import { ItemForm, ItemFormDialog, SecretsClearedAlert, useItemForm } from './ItemForm';
import type { ItemDialogProps } from './useItemDialog';
import { webhookForm } from './webhookForm';
import { webhookKind } from './webhookKind';

/** Add Webhook (with the template picker) and Edit Webhook, in a max-w-md dialog. */
export function WebhookFormDialog(props: ItemDialogProps<TWebhook>) {
  return <ItemFormDialog {...props} kind={webhookKind} size="md" Form={WebhookForm} />;
}

const savedSecretHint = 'Saved. Leave it to keep the secret, or clear it to remove it.';

function WebhookForm({ item, onDone }: { item: TWebhook | null; onDone: () => void }) {
  const editor = useItemForm({ kind: webhookKind, spec: webhookForm, item, onDone });
  const { form } = editor;
  const { values } = form;

  const secretProps = (field: 'authPassword' | 'authToken' | 'signingSecret') => ({
    ...form.getInputProps(field),
    description: values[field] === SECRET_MASK ? savedSecretHint : undefined,
    visibilityToggleButtonProps: { 'aria-label': 'Show secret' },
  });

  return (
    <ItemForm editor={editor} templateColumns={2} descriptionPlaceholder="What this webhook is for">
      <TextInput
        label="Name"
        withAsterisk
        placeholder="My webhook"
        {...form.getInputProps('name')}
      />
      <AddressField
        label="URL"
        placeholder="https://example.com/webhook"
        {...form.getInputProps('url')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NativeSelect label="Method" data={[...webhookMethods]} {...form.getInputProps('method')} />
        <NativeSelect
          label="Auth Type"
          data={authTypeOptions(webhookAuthTypes)}
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
      {editor.secretsCleared && <SecretsClearedAlert />}

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
      <FlowToolSwitches
        useInFlows={form.getInputProps('useInFlows', { type: 'checkbox' })}
        askBeforeCall={form.getInputProps('askBeforeCall', { type: 'checkbox' })}
      />
    </ItemForm>
  );
}
