import { GOAL_MAX_LENGTH } from '@flows/engine';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconFolder,
  IconInfoCircle,
  IconPlayerPlay,
  IconPlayerStop,
  IconSend,
} from '@tabler/icons-react';
import type { ChangeEvent, KeyboardEvent, Ref } from 'react';
import { AttachButton, AttachmentChips, type AttachmentsControl, useFileDrop } from '../files';

/** What both goal inputs share. */
export type GoalInputProps = {
  goal: string;
  onGoalChange: (goal: string) => void;
  auto: boolean;
  onAutoChange: (auto: boolean) => void;
  /** A run has work ahead: Stop Flow replaces the start button. */
  running: boolean;
  /** A start is on its way. */
  starting: boolean;
  stopping?: boolean;
  onStart: () => void;
  onStop: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
  /** Files attached to the next goal (attach button, drag and drop, chips). */
  attachments?: AttachmentsControl;
  /** Opens 'My files' (signed-in users), to attach an earlier file. */
  onOpenMyFiles?: () => void;
};

/** The outline the goal input shows while files are dragged over it. */
const dropOutline = (dragging: boolean) =>
  dragging ? { outline: '2px dashed var(--mantine-color-blue-6)', outlineOffset: 2 } : undefined;

/** 'My files' for signed-in users: attach an earlier upload. */
function MyFilesButton({ onOpen }: { onOpen?: () => void }) {
  if (!onOpen) return null;
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconFolder size={14} aria-hidden />}
      onClick={onOpen}
    >
      My files
    </Button>
  );
}

/** From this length on, the goal box shows how close it is to the limit. */
const GOAL_COUNTER_FROM = 8_000;
/** Made when first needed: a number format takes milliseconds to build, at every page load. */
let characterCount: Intl.NumberFormat | undefined;
function formatCount(count: number): string {
  characterCount ??= new Intl.NumberFormat('en-US');
  return characterCount.format(count);
}

/** '8,123 / 10,000' under the goal box as the limit nears, in red past it; nothing before. */
function GoalCounter({ goal }: { goal: string }) {
  if (goal.length < GOAL_COUNTER_FROM) return null;
  return (
    <Text size="xs" c={goal.length > GOAL_MAX_LENGTH ? 'red' : 'dimmed'}>
      {`${formatCount(goal.length)} / ${formatCount(GOAL_MAX_LENGTH)}`}
    </Text>
  );
}

/**
 * Whether the browser grows a text box with its text (CSS `field-sizing`). Mantine's autosize
 * measures the box by reading its computed style, which makes the browser work out the whole
 * page's styles inside the render that draws the workspace.
 */
const growsWithText = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** A goal box's height: from `minRows` lines to `maxRows`, within pixel limits if given. */
type GoalBoxSize = { minRows: number; maxRows: number; minHeight?: number; maxHeight?: number };

/** A height of `rows` lines of the box's text with its padding and border (Mantine's 1 px). */
const rowsHeight = (rows: number) =>
  `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem)`;

/** The goal box's props in both inputs: it shows and edits the goal, and grows with its text. */
function goalBoxProps({ goal, onGoalChange, inputRef }: GoalInputProps, size: GoalBoxSize) {
  const { minRows, maxRows, minHeight, maxHeight } = size;
  const box = {
    ref: inputRef,
    value: goal,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => onGoalChange(event.currentTarget.value),
  };
  const limits = { minHeight, maxHeight };
  if (!growsWithText)
    return { ...box, autosize: true, minRows, maxRows, styles: { input: limits } };
  return {
    ...box,
    rows: minRows,
    styles: {
      input: {
        fieldSizing: 'content' as const,
        minHeight: minHeight ?? rowsHeight(minRows),
        maxHeight: maxHeight ?? rowsHeight(maxRows),
      },
    },
  };
}

/** The start button's text: 'Create & Run Tasks' with AUTO on, else 'Start Flow'. */
export function startLabel(auto: boolean): string {
  return auto ? 'Create & Run Tasks' : 'Start Flow';
}

/**
 * The full goal input: title, beta notice, goal box (with a character counter near the limit),
 * AUTO and Start Flow / Stop Flow.
 */
export function GoalInputPanel(props: GoalInputProps) {
  const { goal, auto, onAutoChange, running, starting, stopping, onStart, onStop } = props;
  const { attachments, onOpenMyFiles } = props;
  const drop = useFileDrop(attachments);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby="goal-input-title"
      {...drop.handlers}
      style={dropOutline(drop.dragging)}
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="goal-input-title">
            Set Flow Goal
          </Title>
          <Badge variant="light" color="orange">
            BETA
          </Badge>
        </Group>
        <Alert variant="light" color="blue" p="xs" icon={<IconInfoCircle size={18} aria-hidden />}>
          Flows is in beta and free for early adopters. Runs use a local AI engine: replies can be
          slow or wrong, and features may change without notice.
        </Alert>
        <Textarea
          {...goalBoxProps(props, { minRows: 3, maxRows: 8 })}
          label="Goal"
          placeholder="Describe what you want to achieve, e.g. Write a short poem about the sea"
        />
        <GoalCounter goal={goal} />
        {attachments && (
          <Stack gap={6}>
            <AttachmentChips control={attachments} />
            <Group gap="xs">
              <AttachButton control={attachments} />
              <MyFilesButton onOpen={onOpenMyFiles} />
              <Text size="xs" c="dimmed">
                {drop.dragging
                  ? 'Drop the files to attach them'
                  : 'or drop files here: PDF, Word, text, Markdown, CSV, JSON, HTML, images'}
              </Text>
            </Group>
          </Stack>
        )}
        <Group justify="space-between" gap="sm">
          <Switch
            label="AUTO"
            description="Run every task without asking"
            checked={auto}
            onChange={(event) => onAutoChange(event.currentTarget.checked)}
          />
          {running ? (
            <Button
              color="red"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={onStop}
              loading={stopping}
              disabled={starting}
            >
              Stop Flow
            </Button>
          ) : (
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={starting}
            >
              {startLabel(auto)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Height limits of the compact goal box (spec: 40 to 120 px). */
const COMPACT_MIN_HEIGHT = 40;
const COMPACT_MAX_HEIGHT = 120;

/**
 * The compact goal input under the feed: a box growing from 40 to 120 px where Enter sends (not
 * while a run is going) and Shift+Enter starts a new line, send and stop buttons, AUTO, a hint
 * and the character counter near the limit.
 */
export function InlineGoalInput(props: GoalInputProps) {
  const { goal, auto, onAutoChange, running, starting, stopping, onStart, onStop } = props;
  const { attachments, onOpenMyFiles } = props;
  const drop = useFileDrop(attachments);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!running && !starting) onStart();
  };

  return (
    <Box
      component="form"
      aria-label="New goal"
      {...drop.handlers}
      style={dropOutline(drop.dragging)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!running && !starting) onStart();
      }}
    >
      {attachments && (
        <Box mb={6}>
          <AttachmentChips control={attachments} />
        </Box>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        {attachments && <AttachButton control={attachments} compact />}
        <Textarea
          {...goalBoxProps(props, {
            minRows: 1,
            maxRows: 5,
            minHeight: COMPACT_MIN_HEIGHT,
            maxHeight: COMPACT_MAX_HEIGHT,
          })}
          aria-label="Goal"
          placeholder="Enter a new goal..."
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
        />
        {running && (
          <Tooltip label="Stop Flow" withArrow>
            <ActionIcon
              size={40}
              color="red"
              variant="filled"
              aria-label="Stop Flow"
              onClick={onStop}
              loading={stopping}
              disabled={starting}
            >
              <IconPlayerStop size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={startLabel(auto)} withArrow>
          <ActionIcon
            size={40}
            type="submit"
            variant="filled"
            aria-label={startLabel(auto)}
            disabled={running}
            loading={starting}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" gap="xs" mt={6}>
        <Switch
          size="xs"
          label="AUTO"
          checked={auto}
          onChange={(event) => onAutoChange(event.currentTarget.checked)}
        />
        <Group gap="xs">
          <MyFilesButton onOpen={onOpenMyFiles} />
          <GoalCounter goal={goal} />
          <Text size="xs" c="dimmed">
            {auto
              ? 'Auto-execute mode: Tasks will run without confirmation'
              : 'Press Enter to send'}
          </Text>
        </Group>
      </Group>
    </Box>
  );
}
