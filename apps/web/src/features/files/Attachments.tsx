import { ACCEPTED_FILE_EXTENSIONS, formatFileSize } from '@flows/api/contracts';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import type { Attachment, AttachmentsControl } from './useAttachments';

const IMAGE_NAME = /\.(png|jpe?g|webp|gif)$/i;

/** One attached file: icon, name, size, upload progress or the server's refusal, and remove. */
function AttachmentChip({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  const Icon = IMAGE_NAME.test(item.name) ? IconPhoto : IconFile;
  const failed = item.status === 'failed';
  return (
    <Paper
      withBorder
      radius="sm"
      px="xs"
      py={4}
      data-testid="attachment-chip"
      data-status={item.status}
      style={{ maxWidth: 320, borderColor: failed ? 'var(--mantine-color-red-6)' : undefined }}
    >
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" fw={500} truncate="end" title={item.name}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatFileSize(item.size)}
            </Text>
          </Group>
          {item.status === 'uploading' && (
            <Progress
              size="xs"
              value={Math.round(item.progress * 100)}
              aria-label={`Uploading ${item.name}`}
            />
          )}
          {failed && (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          )}
        </Stack>
        <Tooltip label="Remove" withArrow>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Remove ${item.name}`}
            onClick={onRemove}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** The attached files as chips; nothing without files. */
export function AttachmentChips({ control }: { control: AttachmentsControl }) {
  if (control.attachments.length === 0) return null;
  return (
    <Group component="ul" gap="xs" m={0} p={0} aria-label="Attached files">
      {control.attachments.map((item) => (
        <li key={item.key} style={{ listStyle: 'none' }}>
          <AttachmentChip item={item} onRemove={() => control.remove(item.key)} />
        </li>
      ))}
    </Group>
  );
}

/** Opens the file picker; the files chosen are uploaded and attached. */
export function AttachButton({
  control,
  compact = false,
}: {
  control: AttachmentsControl;
  compact?: boolean;
}) {
  return (
    <FileButton onChange={control.add} multiple accept={ACCEPTED_FILE_EXTENSIONS.join(',')}>
      {(props) =>
        compact ? (
          <Tooltip label="Attach files" withArrow>
            <ActionIcon {...props} size={40} variant="default" aria-label="Attach files">
              <IconPaperclip size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden />}
          >
            Attach files
          </Button>
        )
      }
    </FileButton>
  );
}

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * Drag and drop of files onto an element: the handlers to spread on it, and whether files are
 * being dragged over it (to show where they land).
 */
export function useFileDrop(control: AttachmentsControl | undefined) {
  const [dragging, setDragging] = useState(false);
  if (!control) return { dragging: false, handlers: {} };
  return {
    dragging,
    handlers: {
      onDragEnter: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        control.add([...event.dataTransfer.files]);
      },
    },
  };
}
