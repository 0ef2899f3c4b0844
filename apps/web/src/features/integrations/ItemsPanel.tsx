import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { DeleteDialog } from '../../components/DeleteDialog';
import { showToast } from '../../lib/toast';
import { ExecutionHistoryDrawer } from './ExecutionHistory';
import { errorMessage, showError } from './errors';
import type { ItemActionsProps } from './ItemActions';
import { type IntegrationItem, type ItemKind, listOptions, sentenceCase } from './itemKind';
import { ItemList } from './ListState';
import { type ItemDialogProps, useItemDialog } from './useItemDialog';

/** Props of {@link ItemsPanel}. */
export type ItemsPanelProps<T extends IntegrationItem, TInput, TTemplate, TExecuteInput> = {
  kind: ItemKind<T, TInput, TTemplate, TExecuteInput>;
  /** One item's row in the list, with its buttons. */
  Card: ComponentType<{ item: T } & ItemActionsProps>;
  /** Add (for no item) and Edit. */
  FormDialog: ComponentType<ItemDialogProps<T>>;
  ExecuteDialog: ComponentType<ItemDialogProps<T>>;
};

/**
 * A tab of the integrations page (Webhooks, API Integrations): what it is for, the Add button,
 * the list in its states, and the Add / Edit, Execute, Delete and History dialogs of its items.
 */
export function ItemsPanel<T extends IntegrationItem, TInput, TTemplate, TExecuteInput>(
  props: ItemsPanelProps<T, TInput, TTemplate, TExecuteInput>,
) {
  const { kind, Card, FormDialog, ExecuteDialog } = props;
  const { title, noun, plural } = kind.names;
  const { intro, introWidth, emptyDescription, icon: KindIcon } = kind.tab;
  const cache = kind.useCache();
  const list = kind.router.list.useQuery(undefined, listOptions);
  const remove = kind.router.delete.useMutation();
  const formDialog = useItemDialog<T>();
  const executeDialog = useItemDialog<T>();
  const deleteDialog = useItemDialog<T>();
  const historyDialog = useItemDialog<T>();
  const executions = kind.router.executions.useQuery(
    { id: historyDialog.item?.id ?? '' },
    { ...listOptions, staleTime: 0, enabled: historyDialog.opened && historyDialog.item !== null },
  );
  const items = Array.isArray(list.data) ? list.data : [];

  const confirmDelete = async () => {
    const { item } = deleteDialog;
    if (!item) return;
    try {
      await remove.mutateAsync({ id: item.id });
      showToast({ title: `${title} deleted`, message: `${item.name} has been deleted.` });
    } catch (error) {
      showError(errorMessage(error, `Failed to delete ${noun}`));
      return;
    }
    deleteDialog.close();
    await cache.list.invalidate();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" maw={introWidth}>
          {intro}
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => formDialog.open(null)}
        >
          {`Add ${title}`}
        </Button>
      </Group>

      <ItemList
        query={list}
        items={items}
        label={sentenceCase(plural)}
        loadingLabel={`Loading ${plural}`}
        errorTitle={`Error loading ${plural}`}
        empty={{
          title: `No ${plural} found`,
          description: emptyDescription,
          icon: <KindIcon size={28} aria-hidden />,
          actionLabel: `Add Your First ${title}`,
          onAction: () => formDialog.open(null),
        }}
        renderItem={(item) => (
          <Card
            key={item.id}
            item={item}
            onExecute={() => executeDialog.open(item)}
            onHistory={() => historyDialog.open(item)}
            onEdit={() => formDialog.open(item)}
            onDelete={() => deleteDialog.open(item)}
          />
        )}
      />

      <FormDialog opened={formDialog.opened} item={formDialog.item} onClose={formDialog.close} />
      <ExecuteDialog
        opened={executeDialog.opened}
        item={executeDialog.item}
        onClose={executeDialog.close}
      />
      <DeleteDialog
        opened={deleteDialog.opened}
        title={`Delete ${title}`}
        message={`Are you sure you want to delete this ${noun}? This action cannot be undone.`}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleteDialog.close}
      />
      <ExecutionHistoryDrawer
        opened={historyDialog.opened}
        onClose={historyDialog.close}
        name={historyDialog.item?.name ?? ''}
        executions={executions.data}
        isLoading={executions.isLoading}
        isError={executions.isError}
      />
    </Stack>
  );
}
