import { type ToolStepKind, toolStepOf } from '@flows/engine';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlugConnected, IconX } from '@tabler/icons-react';
import { Prose } from './StepText';

/** How each kind of tool step is labelled and coloured in the feed. */
const TOOL_STEP_STYLE: Record<ToolStepKind, { label: string; color: string }> = {
  call: { label: 'Tool call', color: 'indigo' },
  approval: { label: 'Waiting for you', color: 'yellow' },
  outcomeUnknown: { label: 'Retry or skip', color: 'orange' },
  answer: { label: 'Tool answer', color: 'indigo' },
  failed: { label: 'Tool call failed', color: 'red' },
  rejected: { label: 'Rejected', color: 'gray' },
  skipped: { label: 'Skipped', color: 'gray' },
  notMade: { label: 'Tool call not made', color: 'red' },
};

/** A tool step's text apart: its first lines, and the JSON of its ```json block (if any). */
function toolStepParts(content: string): { text: string; json: string | null } {
  const match = /\n\n```json\n([\s\S]*)\n```$/.exec(content);
  if (!match) return { text: content, json: null };
  return { text: content.slice(0, match.index), json: match[1] ?? '' };
}

/** Whether a step is one of a tool call's steps (drawn by {@link ToolStepBubble}). */
export const isToolStep = (content: string) => toolStepOf(content) !== null;

/** Props of {@link ToolStepBubble}. */
export type ToolStepBubbleProps = {
  content: string;
  /** The call waits for the user on this step: Approve / Reject (Retry / Skip when unknown). */
  onAnswer?: (approve: boolean) => void;
  /** An answer is on its way. */
  answering?: boolean;
};

/**
 * A tool call's step, drawn apart from the model's text: a labelled box with what is called (or
 * what came back) and its JSON pretty-printed (secrets are masked by the server), with the
 * Approve and Reject buttons while the call waits for the user.
 */
export function ToolStepBubble({ content, onAnswer, answering = false }: ToolStepBubbleProps) {
  const kind = toolStepOf(content)?.kind ?? 'call';
  const { label, color } = TOOL_STEP_STYLE[kind];
  const { text, json } = toolStepParts(content);
  const unknown = kind === 'outcomeUnknown';
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder
      data-tool-step={kind}
      style={{
        minWidth: 0,
        overflowWrap: 'anywhere',
        borderColor: `var(--mantine-color-${color}-outline)`,
        borderLeftWidth: 4,
      }}
    >
      <Stack gap={6}>
        <Group gap={6}>
          <IconPlugConnected size={14} aria-hidden />
          <Badge size="sm" variant="light" color={color}>
            {label}
          </Badge>
        </Group>
        <Prose text={text} />
        {json !== null && (
          <Code block style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
            {json}
          </Code>
        )}
        {onAnswer && (
          <Group gap="xs">
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={answering}
              onClick={() => onAnswer(true)}
            >
              {unknown ? 'Retry' : 'Approve'}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              disabled={answering}
              onClick={() => onAnswer(false)}
            >
              {unknown ? 'Skip' : 'Reject'}
            </Button>
            <Text size="xs" c="dimmed">
              {unknown
                ? 'It may or may not have been carried out.'
                : 'The run waits for your answer.'}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
