import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Props of {@link DeleteDialog}. */
export type DeleteDialogProps = {
  opened: boolean;
  /** The dialog's title, e.g. 'Delete Webhook'. */
  title: string;
  /** The confirmation question of the spec. */
  message: string;
  /** True while the delete call runs. */
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before deleting: the spec's question, Cancel and a red Delete. */
export function DeleteDialog({
  opened,
  title,
  message,
  deleting,
  onConfirm,
  onClose,
}: DeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" centered>
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
