import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCode,
  IconFile,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { showToast } from '../../lib/toast';
import layout from './IdeLayout.module.css';
import { isValidFileName } from './project';
import type { IdeProject } from './useIdeProject';

// Monaco loads only when the editor is first shown: other pages stay small.
const CodeEditor = lazy(async () => ({ default: (await import('./CodeEditor')).CodeEditor }));

/** Props of {@link FilesPanel}. */
export type FilesPanelProps = {
  project: IdeProject;
  open: boolean;
  setOpen: (open: boolean) => void;
  save: () => Promise<void>;
  run: () => Promise<void>;
};

/** The IDE's left panel: the file list (rename, delete), the open files' tabs and the editor. */
export function FilesPanel({
  project,
  open: leftOpen,
  setOpen: setLeftOpen,
  save,
  run,
}: FilesPanelProps) {
  const { files, activeId, openIds } = project;
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const active = files.find((file) => file.id === activeId) ?? null;
  return (
    <Box
      className={`${layout.panel} ${layout.files}`}
      mod={{ collapsed: !leftOpen }}
      aria-label="Files and editor"
      component="section"
    >
      {leftOpen ? (
        <>
          <Group justify="space-between" px="xs" py={4}>
            <Text size="sm" fw={600}>
              Files
            </Text>
            <Tooltip label="Collapse">
              <ActionIcon
                variant="subtle"
                aria-label="Collapse files and editor"
                onClick={() => setLeftOpen(false)}
              >
                <IconChevronLeft size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <ScrollArea.Autosize mah={160} px="xs">
            {files.length === 0 ? (
              <Text size="sm" c="dimmed" py="xs">
                No files yet. Create one or use the AI assistant.
              </Text>
            ) : (
              <Stack
                gap={2}
                component="ul"
                aria-label="Project files"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {files.map((file) => (
                  <Group
                    key={file.id}
                    component="li"
                    gap={4}
                    wrap="nowrap"
                    bg={file.id === activeId ? 'dark.5' : undefined}
                    style={{ borderRadius: 4 }}
                  >
                    {renaming?.id === file.id ? (
                      <TextInput
                        size="xs"
                        style={{ flex: 1 }}
                        aria-label={`New name for ${file.name}`}
                        value={renaming.name}
                        autoFocus
                        onChange={(event) =>
                          setRenaming({ id: file.id, name: event.currentTarget.value })
                        }
                        onBlur={() => setRenaming(null)}
                        onKeyDown={(event) => {
                          if (event.key === 'Escape') setRenaming(null);
                          if (event.key !== 'Enter') return;
                          const name = renaming.name.trim();
                          const taken = files.some(
                            (other) =>
                              other.id !== file.id &&
                              other.name.toLowerCase() === name.toLowerCase(),
                          );
                          if (isValidFileName(name) && !taken) project.rename(file.id, name);
                          else
                            showToast({
                              destructive: true,
                              title: 'Rename failed',
                              message: taken ? `${name} already exists` : 'Enter a valid file name',
                            });
                          setRenaming(null);
                        }}
                      />
                    ) : (
                      <Button
                        variant="subtle"
                        size="xs"
                        justify="start"
                        style={{ flex: 1 }}
                        leftSection={<IconFile size={14} />}
                        onClick={() => project.open(file.id)}
                      >
                        {file.name}
                      </Button>
                    )}
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={`Rename ${file.name}`}
                      onClick={() => setRenaming({ id: file.id, name: file.name })}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${file.name}`}
                      onClick={() => project.remove(file.id)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Group
            gap={0}
            wrap="nowrap"
            style={{
              borderTop: '1px solid var(--mantine-color-dark-4)',
              borderBottom: '1px solid var(--mantine-color-dark-4)',
              overflowX: 'auto',
            }}
            role="tablist"
            aria-label="Open files"
          >
            {openIds.length === 0 ? (
              <Text size="xs" c="dimmed" p="xs">
                No open files
              </Text>
            ) : (
              openIds.map((id) => {
                const file = files.find((candidate) => candidate.id === id);
                if (!file) return null;
                return (
                  <Group key={id} gap={0} wrap="nowrap" bg={id === activeId ? 'dark.6' : undefined}>
                    <Button
                      role="tab"
                      aria-selected={id === activeId}
                      size="compact-xs"
                      variant="transparent"
                      c={id === activeId ? 'white' : 'dimmed'}
                      onClick={() => project.setActiveId(id)}
                    >
                      {file.name}
                    </Button>
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={`Close ${file.name}`}
                      onClick={() => project.close(id)}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  </Group>
                );
              })
            )}
          </Group>
          <Box style={{ flex: 1, minHeight: 200 }}>
            {active ? (
              <Suspense
                fallback={
                  <Center h="100%">
                    <Loader size="sm" />
                  </Center>
                }
              >
                <CodeEditor
                  path={active.id}
                  language={active.language}
                  value={active.content}
                  onChange={project.update}
                  onSave={() => void save()}
                  onRun={() => void run()}
                />
              </Suspense>
            ) : (
              <Center h="100%">
                <Text size="sm" c="dimmed">
                  Select a file to edit or create a new one
                </Text>
              </Center>
            )}
          </Box>
        </>
      ) : (
        <Stack gap="xs" align="center" py="xs" className={layout.collapsedBar}>
          <ActionIcon
            variant="subtle"
            aria-label="Expand files and editor"
            onClick={() => setLeftOpen(true)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label="Files" onClick={() => setLeftOpen(true)}>
            <IconFile size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label="Editor" onClick={() => setLeftOpen(true)}>
            <IconCode size={16} />
          </ActionIcon>
        </Stack>
      )}
    </Box>
  );
}
