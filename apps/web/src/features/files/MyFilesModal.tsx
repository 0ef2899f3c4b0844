import { formatFileSize } from '@flows/api/contracts';
import { formatHistoryTime } from '@flows/engine';
import { Anchor, Button, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/DeleteDialog';
import { ListEntry } from '../../components/ListEntry';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { fileDownloadUrl, type StoredFile } from './upload';

/** Props of {@link MyFilesModal}. */
export type MyFilesModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Attaches an earlier file to the next goal. */
  onUse: (file: StoredFile) => void;
};

function MyFilesBody({ onUse }: Pick<MyFilesModalProps, 'onUse'>) {
  const utils = trpc.useUtils();
  const files = trpc.file.list.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const remove = trpc.file.delete.useMutation({
    onSuccess: () => {
      setDeleting(null);
      void utils.file.list.invalidate();
      showToast({ title: 'File deleted', message: 'The file and its contents were deleted' });
    },
    onError: (error) => showToast({ destructive: true, title: 'Error', message: error.message }),
  });
  const now = new Date();

  if (files.isPending) return <Text size="sm">Loading files...</Text>;
  if (files.isError) {
    return (
      <Text size="sm" c="red">
        Your files could not be loaded.
      </Text>
    );
  }
  if (files.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files yet. Attach a file to a goal to upload it.
      </Text>
    );
  }
  return (
    <>
      <ScrollArea.Autosize mah="60vh">
        <Stack gap={0} component="ul" m={0} p={0} aria-label="My files">
          {files.data.map((file) => {
            const nameId = `my-file-${file.id}`;
            return (
              <ListEntry
                key={file.id}
                details={
                  <>
                    <Text id={nameId} size="sm" truncate="end">
                      {file.originalFilename}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${formatFileSize(file.size)} · ${file.kind === 'image' ? 'image' : 'document'} · ${formatHistoryTime(new Date(file.createdAt), now)}${file.taskId ? ' · used in a run' : ''}`}
                    </Text>
                  </>
                }
                actions={
                  <>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onUse(file)}
                      aria-describedby={nameId}
                    >
                      Use
                    </Button>
                    <Anchor
                      href={fileDownloadUrl(file.id)}
                      download={file.filename}
                      size="sm"
                      aria-describedby={nameId}
                    >
                      Download
                    </Anchor>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={12} aria-hidden />}
                      onClick={() => setDeleting(file)}
                      aria-describedby={nameId}
                    >
                      Delete
                    </Button>
                  </>
                }
              />
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <DeleteDialog
        opened={deleting !== null}
        title="Delete File"
        message={`Are you sure you want to delete ${deleting?.originalFilename ?? 'this file'}? Runs that used it keep going without it.`}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** 'My files': a signed-in user's uploads, to attach again (Use), download or delete. */
export function MyFilesModal({ opened, onClose, onUse }: MyFilesModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="My files" size="lg">
      {opened && <MyFilesBody onUse={onUse} />}
    </Modal>
  );
}
