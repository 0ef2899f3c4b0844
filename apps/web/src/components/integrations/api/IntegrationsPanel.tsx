import type { TApiIntegration } from '@flows/api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconApi, IconPlus } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { DeleteDialog } from '../DeleteDialog';
import { ExecutionHistoryDrawer } from '../ExecutionHistory';
import { errorMessage } from '../errors';
import { ItemList } from '../ListState';
import { useItemDialog } from '../use-item-dialog';
import { ExecuteApiDialog } from './ExecuteApiDialog';
import { IntegrationCard } from './IntegrationCard';
import { IntegrationFormDialog } from './IntegrationFormDialog';

/** The lists refetch when the window regains focus, unlike the app's other queries. */
const listOptions = { refetchOnWindowFocus: 'always' } as const;

/** The API Integrations tab: the list with its states and the item dialogs. */
export function IntegrationsPanel() {
  const list = trpc.integration.list.useQuery(undefined, listOptions);
  const formDialog = useItemDialog<TApiIntegration>();
  const executeDialog = useItemDialog<TApiIntegration>();
  const deleteDialog = useItemDialog<TApiIntegration>();
  const historyDialog = useItemDialog<TApiIntegration>();
  const integrations = Array.isArray(list.data) ? list.data : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          Outside APIs with their authentication, default headers, rate limits and timeout.
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => formDialog.open(null)}
        >
          Add API Integration
        </Button>
      </Group>

      <ItemList
        query={list}
        items={integrations}
        label="API integrations"
        loadingLabel="Loading API integrations"
        errorTitle="Error loading API integrations"
        empty={{
          title: 'No API integrations found',
          description: 'Add an API integration to connect with external services',
          icon: <IconApi size={28} aria-hidden />,
          actionLabel: 'Add Your First API Integration',
          onAction: () => formDialog.open(null),
        }}
        renderItem={(integration) => (
          <IntegrationCard
            key={integration.id}
            integration={integration}
            onExecute={() => executeDialog.open(integration)}
            onHistory={() => historyDialog.open(integration)}
            onEdit={() => formDialog.open(integration)}
            onDelete={() => deleteDialog.open(integration)}
          />
        )}
      />

      <IntegrationFormDialog
        opened={formDialog.opened}
        integration={formDialog.item}
        onClose={formDialog.close}
      />
      <ExecuteApiDialog
        opened={executeDialog.opened}
        integration={executeDialog.item}
        onClose={executeDialog.close}
      />
      <DeleteIntegrationDialog
        opened={deleteDialog.opened}
        integration={deleteDialog.item}
        onClose={deleteDialog.close}
      />
      <IntegrationHistory
        opened={historyDialog.opened}
        integration={historyDialog.item}
        onClose={historyDialog.close}
      />
    </Stack>
  );
}

type ItemDialogProps = {
  opened: boolean;
  integration: TApiIntegration | null;
  onClose: () => void;
};

function DeleteIntegrationDialog({ opened, integration, onClose }: ItemDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.integration.delete.useMutation();

  const confirm = async () => {
    if (!integration) return;
    try {
      await remove.mutateAsync({ id: integration.id });
      showToast({
        title: 'API Integration deleted',
        message: `${integration.name} has been deleted.`,
      });
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Error',
        message: errorMessage(error, 'Failed to delete API integration'),
      });
      return;
    }
    onClose();
    await utils.integration.list.invalidate();
  };

  return (
    <DeleteDialog
      opened={opened}
      title="Delete API Integration"
      message="Are you sure you want to delete this API integration? This action cannot be undone."
      deleting={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function IntegrationHistory({ opened, integration, onClose }: ItemDialogProps) {
  const executions = trpc.integration.executions.useQuery(
    { id: integration?.id ?? '' },
    { ...listOptions, staleTime: 0, enabled: opened && integration !== null },
  );
  return (
    <ExecutionHistoryDrawer
      opened={opened}
      onClose={onClose}
      name={integration?.name ?? ''}
      executions={executions.data}
      isLoading={executions.isLoading}
      isError={executions.isError}
    />
  );
}
