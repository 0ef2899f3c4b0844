import { type FlowStepType, formatStepTime, STEP_LABELS, splitThinking } from '@flows/engine';
import { Alert, Badge, Box, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StreamingMarkdown } from '../results';
import { Prose, StepText } from './StepText';
import { STEP_STYLE, stepStyle } from './stepStyle';
import { isToolStep, type ToolCallAnswer, ToolStepBubble } from './ToolStep';
import type { FeedStep } from './types';

function Bubble({
  color,
  label,
  children,
}: {
  color: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      p="sm"
      radius="md"
      bg={`var(--mantine-color-${color}-light)`}
      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
    >
      {label && (
        <Text size="xs" fw={700} c="dimmed" mb={4}>
          {label}
        </Text>
      )}
      {children}
    </Paper>
  );
}

function StepRow({
  type,
  error = false,
  time,
  dateTime,
  extra,
  children,
}: {
  type: FlowStepType;
  /** An error result: the error icon (named 'Error' for screen readers) and colour. */
  error?: boolean;
  time?: string;
  dateTime?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { icon: StepIcon, color } = stepStyle({ type, error });
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon
        variant="light"
        color={color}
        radius="xl"
        size="md"
        mt={2}
        role={error ? 'img' : undefined}
        aria-label={error ? 'Error' : undefined}
      >
        <StepIcon size={16} aria-hidden />
      </ThemeIcon>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {STEP_LABELS[type]}
          </Text>
          {time && (
            <Text size="xs" c="dimmed" component="time" dateTime={dateTime}>
              {time}
            </Text>
          )}
          {extra}
        </Group>
        {children}
      </Stack>
    </Group>
  );
}

/** Props of {@link StepItem}. */
export type StepItemProps = {
  step: FeedStep;
  /** Shows the 'Feedback Required' box under this step. */
  feedback?: boolean;
  /** The tool call this step asks about waits: Approve / Reject answer it. */
  onApprove?: (approve: boolean) => void;
  /** An answer to the tool call is on its way. */
  approving?: boolean;
  /** How the tool call this step asked about was answered, when the feed shows it. */
  toolAnswer?: ToolCallAnswer | null;
};

/**
 * One step of the feed: icon, label, h:mm a time and its bubble. An error shows in the error
 * colour with the error icon. A result that opens with planning wording is split into a
 * 'Thinking:' and a 'Result:' bubble; a result reads as Markdown with runnable code blocks (and a
 * live website preview when it holds HTML or CSS).
 */
export function StepItem({
  step,
  feedback = false,
  onApprove,
  approving,
  toolAnswer,
}: StepItemProps) {
  const { color } = stepStyle(step);
  const tool = isToolStep(step.content);
  const answer = step.type === 'result' && !step.error && !tool;
  const split = answer ? splitThinking(step.content) : { result: step.content };

  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <StepRow
        type={step.type}
        error={step.error}
        time={formatStepTime(new Date(step.timestamp))}
        dateTime={step.timestamp}
      >
        {tool ? (
          <ToolStepBubble
            content={step.content}
            onAnswer={onApprove}
            answer={toolAnswer}
            answering={approving}
          />
        ) : split.thinking !== undefined ? (
          <>
            <Bubble color={STEP_STYLE.thinking.color} label="Thinking:">
              <Prose text={split.thinking} />
            </Bubble>
            <Bubble color={color} label="Result:">
              <StepText text={split.result} />
            </Bubble>
          </>
        ) : (
          <Bubble color={color}>
            <StepText text={split.result} withCode={answer} />
          </Bubble>
        )}
        {feedback && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconHandStop size={18} aria-hidden />}
            title={
              <Group gap="xs" component="span">
                <span>Feedback Required</span>
                <Badge size="xs" color="yellow" variant="filled" component="span">
                  Action Required
                </Badge>
              </Group>
            }
          >
            Review the steps above, then click 'Continue to Next Task' to go on.
          </Alert>
        )}
      </StepRow>
    </Box>
  );
}

/**
 * What a model call is streaming, until its steps arrive: the answer as a result (Markdown,
 * re-rendering only its last block per token), or a reasoning model's thinking as a thinking step.
 */
export function StreamingStep({ type, text }: { type: 'thinking' | 'result'; text: string }) {
  return (
    <Box component="li" style={{ listStyle: 'none' }} aria-busy="true">
      <StepRow
        type={type}
        extra={
          <Badge
            size="xs"
            variant="light"
            color="gray"
            leftSection={<Loader size={8} color="gray" aria-hidden />}
          >
            Streaming
          </Badge>
        }
      >
        <Bubble color={STEP_STYLE[type].color}>
          {type === 'result' ? <StreamingMarkdown text={text} /> : <Prose text={text} />}
        </Bubble>
      </StepRow>
    </Box>
  );
}
