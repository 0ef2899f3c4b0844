import { needsFeedback, toolStepOf } from '@flows/engine';
import { Alert, Anchor, Box, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconWorld } from '@tabler/icons-react';
import { EmptyState, ExecutionHeader } from './ExecutionHeader';
import { StepItem, StreamingStep } from './StepItem';
import { toolCallAnswerOf } from './ToolStep';
import type { FeedStep, FlowRunView } from './types';
import type { FeedConnection, FlowCommand } from './useFlowRun';
import { useStickToBottom } from './useStickToBottom';

/** Props of {@link FlowExecutionPanel}. */
export type FlowExecutionPanelProps = {
  steps: readonly FeedStep[];
  /** Model text streaming in, shown in its own bubble until the result step arrives. */
  streamingText: string | null;
  /** A reasoning model's thinking streaming in, shown until its thinking step arrives. */
  streamingReasoning: string | null;
  /** The followed run's state; null before the feed sends it. */
  run: FlowRunView | null;
  /** AUTO as shown: the run's while one is followed, else the goal input's. */
  auto: boolean;
  /** The run has work ahead (Stop applies). */
  active: boolean;
  /** The run is processing. */
  busy: boolean;
  /** A run is followed (or being started): the panel leaves its empty state. */
  following: boolean;
  starting: boolean;
  connection: FeedConnection;
  /** The server's model is the scripted demo. */
  demo: boolean;
  pendingCommand: FlowCommand | null;
  onSetAuto: (auto: boolean) => void;
  onContinue: () => void;
  onRetry: () => void;
  onReset: () => void;
  onExport: () => void;
  /** Answers the tool call the run waits for (`run.pendingApproval`). */
  onApprove?: (callId: number, approve: boolean) => void;
};

const feedHeight = 'clamp(320px, calc(100dvh - 360px), 720px)';

function feedNote(starting: boolean, connection: FeedConnection, stepCount: number) {
  if (starting) return 'Starting the flow...';
  if (stepCount === 0 && connection !== 'live') return 'Connecting to the live feed...';
  if (stepCount === 0) return 'No steps were recorded for this task.';
  return null;
}

/**
 * The flow execution panel: 'Flow Ready' until a run is followed; then 'Flow Execution' with the
 * status badges, AUTO and the run controls, the step feed (kept scrolled to the newest step
 * unless the reader scrolled up), the streaming reasoning and answer, and the deployed website.
 */
export function FlowExecutionPanel(props: FlowExecutionPanelProps) {
  const { steps, streamingText, streamingReasoning, run, auto, active, busy, following } = props;
  const { starting, connection, demo, pendingCommand } = props;
  const { onSetAuto, onContinue, onRetry, onReset, onExport, onApprove } = props;
  const { viewportRef, onScroll } = useStickToBottom(
    `${steps.length}:${streamingReasoning?.length}:${streamingText?.length}`,
  );

  if (!following && !starting && steps.length === 0) return <EmptyState demo={demo} />;

  const waiting = run?.status === 'waiting';
  // The box that asks for Continue goes under the newest thinking step while the run waits.
  const lastThinking = steps.findLastIndex((step) => step.type === 'thinking');
  const note = feedNote(starting, connection, steps.length);
  // The step that asks about the waiting tool call gets its Approve and Reject buttons.
  const approval = run?.pendingApproval ?? null;
  const asks = (content: string) =>
    approval !== null && toolStepOf(content)?.callId === approval.callId;

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="flow-execution-title">
      <ExecutionHeader
        run={run}
        auto={auto}
        active={active}
        busy={busy}
        starting={starting}
        connection={connection}
        demo={demo}
        pendingCommand={pendingCommand}
        hasSteps={steps.length > 0}
        onSetAuto={onSetAuto}
        onContinue={onContinue}
        onRetry={onRetry}
        onReset={onReset}
        onExport={onExport}
      />

      <ScrollArea
        h={feedHeight}
        viewportRef={viewportRef}
        onScrollPositionChange={onScroll}
        type="auto"
        viewportProps={{
          tabIndex: 0,
          role: 'region',
          'aria-label': 'Execution steps',
          className: 'mantine-focus-auto',
        }}
      >
        <Stack component="ol" gap="md" p="md" m={0}>
          {steps.map((step, index) => (
            <StepItem
              key={step.id}
              step={step}
              feedback={waiting && index === lastThinking && needsFeedback(step, auto)}
              onApprove={
                approval && onApprove && asks(step.content)
                  ? (approve) => onApprove(approval.callId, approve)
                  : undefined
              }
              approving={pendingCommand === 'approve'}
              toolAnswer={toolCallAnswerOf(steps, index)}
            />
          ))}
          {streamingReasoning && <StreamingStep type="thinking" text={streamingReasoning} />}
          {streamingText && <StreamingStep type="result" text={streamingText} />}
          {note && (
            <Box component="li" style={{ listStyle: 'none' }}>
              <Group gap="xs" c="dimmed">
                {note !== 'No steps were recorded for this task.' && (
                  <Loader size="xs" aria-hidden />
                )}
                <Text size="sm" c="dimmed">
                  {note}
                </Text>
              </Group>
            </Box>
          )}
        </Stack>
      </ScrollArea>

      {run?.deployUrl && (
        <Box p="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Alert
            variant="light"
            color="teal"
            icon={<IconWorld size={18} aria-hidden />}
            title="Your website is live"
          >
            <Anchor
              href={run.deployUrl}
              target="_blank"
              rel="noopener noreferrer"
              style={{ overflowWrap: 'anywhere' }}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <span>Open website</span>
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {run.deployUrl}
            </Text>
          </Alert>
        </Box>
      )}
    </Paper>
  );
}
