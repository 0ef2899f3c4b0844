import { TOOL_STEP_PREFIX, TOOL_TEXT, type ToolStepKind, toolStepOf } from '@flows/engine';
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

/** How a call that waited for the user was answered: Approve, Reject, Retry or Skip. */
export type ToolCallAnswer = 'approved' | 'rejected' | 'retried' | 'skipped';

/** How a step that asked about a call is labelled once it no longer waits. */
const ANSWERED_STYLE: Record<ToolCallAnswer | 'unknown', { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'indigo' },
  rejected: { label: 'Rejected', color: 'gray' },
  retried: { label: 'Retried', color: 'indigo' },
  skipped: { label: 'Skipped', color: 'gray' },
  // The run went on without an answer (Stop, say), or the feed does not show it.
  unknown: { label: 'No longer waiting', color: 'gray' },
};

/** What follows the tool's name in a step that asks about a call. */
const ASKED_TOOL_END: Partial<Record<ToolStepKind, string>> = {
  approval: ' wants to call ',
  outcomeUnknown: ' (',
};

/** The tool a step that asks about a call (approval or outcome unknown) names; else null. */
function askedToolOf(content: string, kind: ToolStepKind): string | null {
  const end = ASKED_TOOL_END[kind];
  const rest = content.slice(TOOL_STEP_PREFIX[kind].length);
  const length = end === undefined ? -1 : rest.indexOf(end);
  return length > 0 ? rest.slice(0, length) : null;
}

/**
 * How the call asked about by `steps[index]` was answered, read from the step after it: the
 * answer's step (the call made, or 'Rejected' / 'Skipped') comes right after the question, as
 * nothing else happens while the run waits. Null when no answer follows (yet), e.g. after Stop.
 */
export function toolCallAnswerOf(
  steps: readonly { content: string }[],
  index: number,
): ToolCallAnswer | null {
  const asking = steps[index]?.content ?? '';
  const kind = toolStepOf(asking)?.kind;
  const next = steps[index + 1]?.content;
  if (!kind || next === undefined) return null;
  const tool = askedToolOf(asking, kind);
  if (tool === null) return null;
  const sent = next.startsWith(`${TOOL_STEP_PREFIX.call}${tool}: `);
  if (kind === 'approval') {
    if (sent) return 'approved';
    return next === TOOL_TEXT.rejected(tool) ? 'rejected' : null;
  }
  if (sent) return 'retried';
  return next === TOOL_TEXT.skipped(tool) ? 'skipped' : null;
}

/** A tool step's text apart: its first lines, and the JSON of its ```json block (if any). */
function toolStepParts(content: string): { text: string; json: string | null } {
  const match = /\n\n```json\n([\s\S]*)\n```$/.exec(content);
  if (!match) return { text: content, json: null };
  return { text: content.slice(0, match.index), json: match[1] ?? '' };
}

/** A question's text without what it asks the user to do (after its '(call N).'). */
const withoutRequest = (text: string) => text.replace(/^(.*\(call \d+\)\.) .*$/s, '$1');

/** Whether a step is one of a tool call's steps (drawn by {@link ToolStepBubble}). */
export const isToolStep = (content: string) => toolStepOf(content) !== null;

/** Props of {@link ToolStepBubble}. */
export type ToolStepBubbleProps = {
  content: string;
  /**
   * The call waits for the user on this step: Approve / Reject (Retry / Skip when unknown).
   * Without it, a step that asked about a call is drawn as no longer waiting.
   */
  onAnswer?: (approve: boolean) => void;
  /** How the call this step asked about was answered, when known ({@link toolCallAnswerOf}). */
  answer?: ToolCallAnswer | null;
  /** An answer is on its way. */
  answering?: boolean;
};

/**
 * A tool call's step, drawn apart from the model's text: a labelled box with what is called (or
 * what came back) and its JSON pretty-printed (secrets are masked by the server), with the
 * Approve and Reject buttons while the call waits for the user. Once it no longer waits, the
 * question says how it was answered (when known) and no longer asks.
 */
export function ToolStepBubble({
  content,
  onAnswer,
  answer = null,
  answering = false,
}: ToolStepBubbleProps) {
  const kind = toolStepOf(content)?.kind ?? 'call';
  const unknown = kind === 'outcomeUnknown';
  // A question waits while it can be answered here and the feed shows no answer to it.
  const asks = kind === 'approval' || unknown;
  const waiting = asks && onAnswer !== undefined && answer === null ? onAnswer : undefined;
  const settled = asks && !waiting;
  const { label, color } = settled ? ANSWERED_STYLE[answer ?? 'unknown'] : TOOL_STEP_STYLE[kind];
  const parts = toolStepParts(content);
  const text = settled ? withoutRequest(parts.text) : parts.text;
  const { json } = parts;
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
        {waiting && (
          <Group gap="xs">
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={answering}
              onClick={() => waiting(true)}
            >
              {unknown ? 'Retry' : 'Approve'}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              disabled={answering}
              onClick={() => waiting(false)}
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
