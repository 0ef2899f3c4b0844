import { UI_TIMING } from '@flows/engine';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconDeviceFloppy,
  IconDownload,
  IconFilePlus,
  IconPlayerPlay,
  IconRefresh,
  IconRobot,
  IconRocket,
  IconTrash,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../session';
import { PreviewFrame } from '../results/PreviewFrame';
import { AssistantPanel } from './AssistantPanel';
import { deployHosting, deployProject } from './deploy';
import { FilesPanel } from './FilesPanel';
import layout from './IdeLayout.module.css';
import { buildPreview } from './preview';
import {
  applyReply,
  DEFAULT_NEW_FILE,
  freeName,
  HELLO_WORLD_HTML,
  makeFile,
  templateProject,
} from './project';
import { useIdeProject } from './useIdeProject';
import { downloadZip } from './zip';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-browser IDE (/dexlink): files, editor, live preview, assistant chat, deploy. */
export function IdeWorkspace() {
  const project = useIdeProject();
  const { files, filesRef, activeId } = project;
  const utils = trpc.useUtils();
  const { user } = useSession();
  const model = trpc.system.model.useQuery();
  const [saving, setSaving] = useState(false);
  const [running, setRunning] = useState(false);
  const [preview, setPreview] = useState<{ html: string; key: number } | null>(null);
  const [leftOpen, setLeftOpen] = useState(true);
  const [rightOpen, setRightOpen] = useState(true);
  const [rightTab, setRightTab] = useState<string | null>('ai');
  const [confirmClear, setConfirmClear] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const activeRef = useRef(activeId);
  activeRef.current = activeId;

  const showPreview = useCallback(() => {
    const html = buildPreview(filesRef.current, activeRef.current);
    if (html !== null) setPreview((last) => ({ html, key: (last?.key ?? 0) + 1 }));
  }, [filesRef]);

  // Refs as well as state: Ctrl+S in the editor reaches both Monaco and the window.
  const busy = useRef({ saving: false, running: false });

  const run = useCallback(async () => {
    if (filesRef.current.length === 0 || busy.current.running) return;
    busy.current.running = true;
    setRunning(true);
    await wait(UI_TIMING.ideRunDelayMs);
    showPreview();
    busy.current.running = false;
    setRunning(false);
  }, [filesRef, showPreview]);

  const { persist } = project;
  const save = useCallback(async () => {
    if (!activeRef.current || busy.current.saving) return;
    busy.current.saving = true;
    setSaving(true);
    await wait(UI_TIMING.ideSaveDelayMs);
    // Edits are kept as typed and stored as they change; saving stores them once more and
    // confirms only what the browser kept.
    const kept = await persist();
    busy.current.saving = false;
    setSaving(false);
    showToast(
      kept
        ? { title: 'File saved', message: 'File saved successfully' }
        : {
            destructive: true,
            title: 'Not saved',
            message:
              'This browser refused to keep the project (private mode or full storage). It stays open in this tab; download it as a zip to keep it.',
          },
    );
  }, [persist]);

  const runLater = useCallback(() => {
    setTimeout(() => void run(), UI_TIMING.ideRunDelayMs);
  }, [run]);

  const createFile = useCallback(
    (name: string, content = '') => {
      const file = makeFile(freeName(name, filesRef.current), content);
      project.add([file]);
      showToast({ title: 'File created', message: `Created ${file.name}` });
      return file;
    },
    [filesRef, project.add],
  );

  const startWithTemplate = () => {
    project.add(templateProject());
    showToast({ title: 'File created', message: 'Created index.html, styles.css and script.js' });
    runLater();
  };

  const createHtml = () => {
    createFile('index.html', HELLO_WORLD_HTML);
    runLater();
  };

  // Ctrl+S saves, Ctrl+Enter runs (the chat input handles its own Ctrl+Enter).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        void save();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        void run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save, run]);

  /** Turns an assistant reply's code blocks into files, then runs the preview 0.5 s later. */
  const takeReply = (reply: string) => {
    const changes = applyReply(filesRef.current, reply);
    if (changes.created.length + changes.updated.length === 0) return;
    const before = new Set(filesRef.current.map((file) => file.id));
    const added = changes.files.filter((file) => !before.has(file.id));
    project.setFiles(changes.files.filter((file) => before.has(file.id)));
    if (added.length > 0) project.add(added);
    const touched = changes.files.find((file) => changes.updated.includes(file.name));
    if (added.length === 0 && touched) project.open(touched.id);
    runLater();
  };

  const deploy = async () => {
    setDeploying(true);
    try {
      const result = await deployProject(
        {
          createWebsite: (input) => utils.client.website.create.mutate(input),
          createSite: (input) => utils.client.website.createSite.mutate(input),
          deploy: (input) => utils.client.website.deploy.mutate(input),
        },
        filesRef.current,
        project.siteId,
        deployHosting(user !== null, model.data?.hosting),
      );
      project.setSiteId(result.siteId);
      project.setDeployUrl(result.deployUrl);
      showToast({ title: 'Deployed', message: `Your project is live at ${result.deployUrl}` });
    } catch (error) {
      showToast({
        destructive: true,
        title: 'Deploy failed',
        message: error instanceof Error ? error.message : 'The project could not be deployed',
      });
    } finally {
      setDeploying(false);
    }
  };

  const hasHtml = files.some((file) => file.name.toLowerCase().endsWith('.html'));

  return (
    <Stack gap={0} className={layout.workspace} data-testid="ide">
      <Group
        gap="xs"
        p="xs"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
      >
        <Title order={1} size="h5" mr="xs">
          IDE
        </Title>
        <Button
          disabled={!project.loaded}
          size="xs"
          variant="default"
          leftSection={<IconFilePlus size={16} />}
          onClick={() => createFile(DEFAULT_NEW_FILE)}
        >
          New File
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={!activeId || saving}
          loading={saving}
          onClick={() => void save()}
        >
          Save
        </Button>
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={16} />}
          disabled={running || files.length === 0}
          loading={running}
          onClick={() => void run()}
        >
          Run
        </Button>
        <Button
          size="xs"
          variant={rightOpen && rightTab === 'ai' ? 'light' : 'default'}
          leftSection={<IconRobot size={16} />}
          onClick={() => {
            if (rightOpen && rightTab === 'ai') setRightOpen(false);
            else {
              setRightOpen(true);
              setRightTab('ai');
            }
          }}
        >
          AI Assistant
        </Button>
        <Box style={{ flex: 1 }} />
        {project.deployUrl && (
          <Text size="xs">
            Live at{' '}
            <Anchor
              href={project.deployUrl}
              target="_blank"
              rel="noreferrer"
              data-testid="deploy-url"
            >
              {project.deployUrl}
            </Anchor>
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={files.length === 0}
          onClick={() => downloadZip(files)}
        >
          Download as zip
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRocket size={16} />}
          disabled={!hasHtml || deploying}
          loading={deploying}
          onClick={() => void deploy()}
        >
          Deploy
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          disabled={files.length === 0}
          onClick={() => setConfirmClear(true)}
        >
          Clear project
        </Button>
      </Group>

      <Box className={layout.panels}>
        <FilesPanel project={project} open={leftOpen} setOpen={setLeftOpen} save={save} run={run} />

        {/* Centre: preview */}
        <Box
          className={`${layout.panel} ${layout.preview}`}
          component="section"
          aria-label="Preview"
        >
          <Group justify="space-between" px="xs" py={4}>
            <Text size="sm" fw={600}>
              Preview
            </Text>
            <Group gap={4}>
              <Tooltip label="Run">
                <ActionIcon
                  variant="subtle"
                  aria-label="Run preview"
                  disabled={running || files.length === 0}
                  onClick={() => void run()}
                >
                  <IconPlayerPlay size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Refresh">
                <ActionIcon
                  variant="subtle"
                  aria-label="Refresh preview"
                  disabled={!preview}
                  onClick={() =>
                    setPreview((last) => (last ? { ...last, key: last.key + 1 } : last))
                  }
                >
                  <IconRefresh size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Box style={{ flex: 1, minHeight: 0 }}>
            {!project.loaded ? (
              <Center h="100%">
                <Loader size="sm" />
              </Center>
            ) : files.length === 0 ? (
              <Center h="100%">
                <Stack align="center" gap="sm">
                  <Title order={3}>Welcome to the IDE</Title>
                  <Text c="dimmed" size="sm" ta="center">
                    Create a file, start from a template, or ask the AI assistant to build
                    something.
                  </Text>
                  <Group>
                    <Button onClick={createHtml}>Create HTML File</Button>
                    <Button variant="default" onClick={startWithTemplate}>
                      Start with Template
                    </Button>
                  </Group>
                </Stack>
              </Center>
            ) : preview ? (
              <PreviewFrame
                key={preview.key}
                html={preview.html}
                title="Project preview"
                style={{ height: '100%' }}
              />
            ) : (
              <Center h="100%">
                <Text size="sm" c="dimmed">
                  Press Run (Ctrl+Enter) to see the preview
                </Text>
              </Center>
            )}
          </Box>
        </Box>

        <AssistantPanel
          open={rightOpen}
          setOpen={setRightOpen}
          tab={rightTab}
          setTab={setRightTab}
          currentFiles={() => filesRef.current}
          onReply={takeReply}
        />
      </Box>

      <Modal
        opened={confirmClear}
        onClose={() => setConfirmClear(false)}
        title="Clear project?"
        centered
      >
        <Text size="sm">This deletes every file of the project. It cannot be undone.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmClear(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              project.clear();
              setPreview(null);
              setConfirmClear(false);
            }}
          >
            Clear project
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
