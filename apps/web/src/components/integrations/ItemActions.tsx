import { Button, SimpleGrid } from '@mantine/core';
import { IconHistory, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';

/** Props of {@link ItemActions}. */
export type ItemActionsProps = {
  onExecute: () => void;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** A row's buttons: Execute, History, Edit and Delete (two by two on phones). */
export function ItemActions({ onExecute, onHistory, onEdit, onDelete }: ItemActionsProps) {
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 4 }}
      spacing={6}
      verticalSpacing={6}
      w={{ base: '100%', xs: 'auto' }}
    >
      <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onExecute}>
        Execute
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={onHistory}
      >
        History
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
      >
        Delete
      </Button>
    </SimpleGrid>
  );
}
