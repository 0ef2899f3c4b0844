import type { TWebhook } from '@flows/api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { DeleteDialog } from '../DeleteDialog';
import { ExecutionHistoryDrawer } from '../ExecutionHistory';
import { errorMessage } from '../errors';
import { ItemList } from '../ListState';
import { useItemDialog } from '../use-item-dialog';
import { ExecuteWebhookDialog } from './ExecuteWebhookDialog';
import { WebhookCard } from './WebhookCard';
import { WebhookFormDialog } from './WebhookFormDialog';

/** The lists refetch when the window regains focus, unlike the app's other queries. */
const listOptions = { refetchOnWindowFocus: 'always' } as const;

/** The Webhooks tab: the list with its states, and the Add, Edit, Delete, Execute dialogs. */
export function WebhooksPanel() {
  const list = trpc.webhook.list.useQuery(undefined, listOptions);
  const formDialog = useItemDialog<TWebhook>();
  const executeDialog = useItemDialog<TWebhook>();
  const deleteDialog = useItemDialog<TWebhook>();
  const historyDialog = useItemDialog<TWebhook>();
  const webhooks = Array.isArray(list.data) ? list.data : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" maw={560}>
          Outgoing HTTP calls to outside services, run on demand.
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => formDialog.open(null)}
        >
          Add Webhook
        </Button>
      </Group>

      <ItemList
        query={list}
        items={webhooks}
        label="Webhooks"
        loadingLabel="Loading webhooks"
        errorTitle="Error loading webhooks"
        empty={{
          title: 'No webhooks found',
          description: 'Create a webhook to begin integrating with external services',
          icon: <IconWebhook size={28} aria-hidden />,
          actionLabel: 'Add Your First Webhook',
          onAction: () => formDialog.open(null),
        }}
        renderItem={(webhook) => (
          <WebhookCard
            key={webhook.id}
            webhook={webhook}
            onExecute={() => executeDialog.open(webhook)}
            onHistory={() => historyDialog.open(webhook)}
            onEdit={() => formDialog.open(webhook)}
            onDelete={() => deleteDialog.open(webhook)}
          />
        )}
      />

      <WebhookFormDialog
        opened={formDialog.opened}
        webhook={formDialog.item}
        onClose={formDialog.close}
      />
      <ExecuteWebhookDialog
        opened={executeDialog.opened}
        webhook={executeDialog.item}
        onClose={executeDialog.close}
      />
      <DeleteWebhookDialog
        opened={deleteDialog.opened}
        webhook={deleteDialog.item}
        onClose={deleteDialog.close}
      />
      <WebhookHistory
        opened={historyDialog.opened}
        webhook={historyDialog.item}
        onClose={historyDialog.close}
      />
    </Stack>
  );
}

type ItemDialogProps = { opened: boolean; webhook: TWebhook | null; onClose: () => void };

function DeleteWebhookDialog({ opened, webhook, onClose }: ItemDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.webhook.delete.useMutation();

  const confirm = async () => {
    if (!webhook) return;
    try {
      await remove.mutateAsync({ id: webhook.id });
      showToast({ title: 'Webhook deleted', message: `${webhook.name} has been deleted.` });
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Error',
        message: errorMessage(error, 'Failed to delete webhook'),
      });
      return;
    }
    onClose();
    await utils.webhook.list.invalidate();
  };

  return (
    <DeleteDialog
      opened={opened}
      title="Delete Webhook"
      message="Are you sure you want to delete this webhook? This action cannot be undone."
      deleting={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function WebhookHistory({ opened, webhook, onClose }: ItemDialogProps) {
  const executions = trpc.webhook.executions.useQuery(
    { id: webhook?.id ?? '' },
    { ...listOptions, staleTime: 0, enabled: opened && webhook !== null },
  );
  return (
    <ExecutionHistoryDrawer
      opened={opened}
      onClose={onClose}
      name={webhook?.name ?? ''}
      executions={executions.data}
      isLoading={executions.isLoading}
      isError={executions.isError}
    />
  );
}
