import { Button, type ButtonVariant, SimpleGrid } from '@mantine/core';
import { IconHistory, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';

/** Props of {@link ItemActions}. */
export type ItemActionsProps = {
  onExecute: () => void;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const actions: {
  label: string;
  Icon: typeof IconPlayerPlay;
  handler: keyof ItemActionsProps;
  variant?: ButtonVariant;
  color?: string;
}[] = [
  { label: 'Execute', Icon: IconPlayerPlay, handler: 'onExecute' },
  { label: 'History', Icon: IconHistory, handler: 'onHistory', variant: 'default' },
  { label: 'Edit', Icon: IconPencil, handler: 'onEdit', variant: 'default' },
  { label: 'Delete', Icon: IconTrash, handler: 'onDelete', variant: 'light', color: 'red' },
];

/** A row's buttons: Execute, History, Edit and Delete (two by two on phones). */
export function ItemActions(handlers: ItemActionsProps) {
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 4 }}
      spacing={6}
      verticalSpacing={6}
      w={{ base: '100%', xs: 'auto' }}
    >
      {actions.map(({ label, Icon, handler, variant, color }) => (
        <Button
          key={label}
          size="xs"
          variant={variant}
          color={color}
          leftSection={<Icon size={14} aria-hidden />}
          onClick={handlers[handler]}
        >
          {label}
        </Button>
      ))}
    </SimpleGrid>
  );
}
