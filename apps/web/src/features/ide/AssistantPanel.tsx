import { ideAssistantPrompt } from '@flows/engine';
import {
  ActionIcon,
  Box,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconRobot,
  IconSend,
  IconTerminal2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { runEndpoint } from '../flow/aiSettings';
import { useAiSettings } from '../flow/useAiSettings';
import { ResultMarkdown, StreamingMarkdown } from '../results/LazyMarkdown';
import { streamAssistant } from './assistStream';
import layout from './IdeLayout.module.css';
import type { ChatMessage, IdeFile } from './project';

const GREETING: ChatMessage = {
  role: 'agent',
  content: "Hello! I'm your AI coding assistant. What would you like to build today?",
};
const TERMINAL_BANNER =
  'Flows IDE terminal\nCommands do not run here: use Run to see your project.';
const ASSISTANT_TEMPERATURE = 0.7;

/** Props of {@link AssistantPanel}. */
export type AssistantPanelProps = {
  open: boolean;
  setOpen: (open: boolean) => void;
  tab: string | null;
  setTab: (tab: string | null) => void;
  /** The project's files as they are now (for the prompt). */
  currentFiles: () => readonly IdeFile[];
  /** Takes a finished reply: turns its code blocks into files. */
  onReply: (reply: string) => void;
};

/**
 * The IDE's right panel: the Terminal tab (a static banner) and the AI Assistant chat, whose
 * replies stream in as they arrive and show as Markdown, code blocks included (as run results do).
 */
export function AssistantPanel({
  open: rightOpen,
  setOpen: setRightOpen,
  tab: rightTab,
  setTab: setRightTab,
  currentFiles,
  onReply,
}: AssistantPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const { runSettings } = useAiSettings();
  const model = trpc.system.model.useQuery();

  const send = async () => {
    const request = draft.trim();
    if (!request || sending) return;
    setMessages((list) => [...list, { role: 'user', content: request }]);
    setSending(true);
    try {
      const prompt = ideAssistantPrompt(
        request,
        currentFiles().map((file) => ({ name: file.name, language: file.language })),
      );
      // The reply shows as it arrives, in a message of its own at the end of the chat.
      let shown = false;
      const showReply = (content: string) => {
        const replace = shown;
        shown = true;
        setMessages((list) =>
          replace
            ? [...list.slice(0, -1), { role: 'agent', content }]
            : [...list, { role: 'agent', content }],
        );
      };
      let reply: string;
      try {
        reply = await streamAssistant(
          // The model of the user's AI settings, as runs use it (the server's endpoint unless
          // the saved one is allowed).
          {
            provider: runSettings.provider,
            endpoint: runEndpoint(runSettings, model.data?.allowedEndpoints),
            input: { prompt, temperature: ASSISTANT_TEMPERATURE, model: runSettings.model },
          },
          showReply,
        );
      } catch (error) {
        if (shown) setMessages((list) => list.slice(0, -1));
        throw error;
      }
      showReply(reply);
      onReply(reply);
    } catch {
      showToast({
        destructive: true,
        title: 'Agent Error',
        message: 'Failed to process your request',
      });
    } finally {
      setDraft('');
      setSending(false);
    }
  };

  return (
    <Box
      className={`${layout.panel} ${layout.assistant}`}
      mod={{ collapsed: !rightOpen }}
      component="section"
      aria-label="Terminal and AI Assistant"
    >
      {rightOpen ? (
        <Tabs
          value={rightTab}
          onChange={setRightTab}
          style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        >
          <Group gap={0} wrap="nowrap">
            <Tabs.List style={{ flex: 1 }}>
              <Tabs.Tab value="terminal" leftSection={<IconTerminal2 size={14} />}>
                Terminal
              </Tabs.Tab>
              <Tabs.Tab value="ai" leftSection={<IconRobot size={14} />}>
                AI Assistant
              </Tabs.Tab>
            </Tabs.List>
            <ActionIcon
              variant="subtle"
              aria-label="Collapse terminal and AI Assistant"
              onClick={() => setRightOpen(false)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
          <Tabs.Panel value="terminal" p="xs">
            <Paper bg="dark.8" p="xs" ff="monospace" fz="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {TERMINAL_BANNER}
            </Paper>
          </Tabs.Panel>
          <Tabs.Panel
            value="ai"
            style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
          >
            <ScrollArea style={{ flex: 1 }} p="xs">
              <Stack gap="xs" aria-label="Chat messages" role="log">
                {messages.map((message, index) => (
                  <Paper
                    key={index}
                    p="xs"
                    bg={message.role === 'user' ? 'blue.9' : 'dark.6'}
                    data-role={message.role}
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {message.role === 'user' ? (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {message.content}
                      </Text>
                    ) : sending && index === messages.length - 1 ? (
                      <StreamingMarkdown text={message.content} />
                    ) : (
                      <ResultMarkdown text={message.content} />
                    )}
                  </Paper>
                ))}
                {sending && (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="xs" c="dimmed">
                      Thinking…
                    </Text>
                  </Group>
                )}
              </Stack>
            </ScrollArea>
            <Group p="xs" gap="xs" align="flex-end" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                placeholder="Ask the AI assistant..."
                aria-label="Ask the AI assistant"
                autosize
                minRows={2}
                maxRows={6}
                value={draft}
                disabled={sending}
                onChange={(event) => setDraft(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
                    event.preventDefault();
                    event.stopPropagation();
                    void send();
                  }
                }}
              />
              <ActionIcon size="lg" aria-label="Send" loading={sending} onClick={() => void send()}>
                <IconSend size={16} />
              </ActionIcon>
            </Group>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Stack gap="xs" align="center" py="xs" className={layout.collapsedBar}>
          <ActionIcon
            variant="subtle"
            aria-label="Expand terminal and AI Assistant"
            onClick={() => setRightOpen(true)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label="Terminal"
            onClick={() => {
              setRightOpen(true);
              setRightTab('terminal');
            }}
          >
            <IconTerminal2 size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label="AI Assistant panel"
            onClick={() => {
              setRightOpen(true);
              setRightTab('ai');
            }}
          >
            <IconRobot size={16} />
          </ActionIcon>
        </Stack>
      )}
    </Box>
  );
}
