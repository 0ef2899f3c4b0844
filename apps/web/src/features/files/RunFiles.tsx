import { formatFileSize } from '@flows/api/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { trpc } from '../../lib/trpc';
import { fileDownloadUrl } from './upload';

/** The files a run uses, each downloadable; nothing for a run without files. */
export function RunFiles({ taskId }: { taskId: string }) {
  const files = trpc.file.forTask.useQuery({ taskId }, { staleTime: 30_000 });
  if (!files.data || files.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="run-files-title">
      <Stack gap={6}>
        <Group gap={6}>
          <IconPaperclip size={16} aria-hidden />
          <Title order={2} size="h6" id="run-files-title">
            {`Files in this run (${files.data.length})`}
          </Title>
        </Group>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {files.data.map((file) => (
            <Group key={file.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate="end" title={file.originalFilename}>
                {file.originalFilename}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(file.size)}
                </Text>
                <Anchor
                  href={fileDownloadUrl(file.id)}
                  download={file.filename}
                  size="xs"
                  aria-label={`Download ${file.originalFilename}`}
                >
                  <IconDownload size={14} aria-hidden />
                </Anchor>
              </Group>
            </Group>
          ))}
        </Stack>
        {files.data.some((file) => file.extractionNote) && (
          <Text size="xs" c="dimmed">
            {files.data
              .filter((file) => file.extractionNote)
              .map((file) => `${file.originalFilename}: ${file.extractionNote}`)
              .join(' ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
