import { type RetryTarget, retryTarget, runOutcome } from '@flows/engine';
import {
  Alert,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconRepeat,
  IconRocket,
} from '@tabler/icons-react';
import { CommandButton } from './CommandButton';
import { isRunResumable } from './feed';
import { RUN_OUTCOME_BADGES } from './runOutcomeBadges';
import type { FlowRunView } from './types';
import type { FeedConnection, FlowCommand } from './useFlowRun';

/** The panel before any run: 'Flow Ready'. */
export function EmptyState({ demo }: { demo: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRocket size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2}>Flow Ready</Title>
        <Text c="dimmed">Set a goal in the input panel to start your automated flow.</Text>
        <Text size="sm" c="dimmed">
          Execution steps will appear here as the flow runs.
        </Text>
        {demo && <DemoBadge />}
      </Stack>
    </Paper>
  );
}

/** Says the replies come from the scripted demo model (`pnpm demo`). */
export function DemoBadge() {
  return (
    <Badge variant="outline" color="gray" title="Replies come from the scripted demo model">
      Demo model
    </Badge>
  );
}

/** The badge of a run that has ended: complete, failed (a failure or a failed task) or stopped. */
function StatusBadges({
  run,
  busy,
  auto,
}: {
  run: FlowRunView | null;
  busy: boolean;
  auto: boolean;
}) {
  const outcome = run && run.status !== 'idle' ? runOutcome(run) : 'running';
  const ended = outcome === 'running' ? null : RUN_OUTCOME_BADGES[outcome];
  return (
    <>
      {busy && (
        <Badge variant="light" leftSection={<Loader size={10} aria-hidden />}>
          Processing
        </Badge>
      )}
      {busy && auto && (
        <Badge variant="filled" color="grape">
          AUTO
        </Badge>
      )}
      {ended && (
        <Badge variant="light" color={ended.color}>
          {ended.label}
        </Badge>
      )}
    </>
  );
}

/**
 * What Retry does, in words: the short text of its button ('Retry task 2', 'Retry the task list')
 * and the whole of it ('Retry task 2: Draft the poem').
 */
function retryLabels(target: RetryTarget, run: FlowRunView): { short: string; full: string } {
  if (target.kind === 'taskList') {
    return { short: 'Retry the task list', full: 'Retry the task list' };
  }
  const short = `Retry task ${target.index + 1}`;
  return { short, full: `${short}: ${run.tasks[target.index]?.description ?? ''}` };
}

/** What Continue and Execute do for a run stopped with work left. */
function stoppedHint(run: FlowRunView): string | null {
  const { tasks, currentTaskIndex } = run;
  if (tasks.length === 0) return null;
  if (currentTaskIndex >= tasks.length) {
    return "Stopped before the final summary. Click 'Continue to Next Task' to make it.";
  }
  const task = currentTaskIndex + 1;
  return `Stopped at task ${task} of ${tasks.length}. Click 'Continue to Next Task' to run on from there, or Execute in the task list to run only task ${task}.`;
}

/** Props of {@link ExecutionHeader}. */
export type ExecutionHeaderProps = {
  run: FlowRunView | null;
  auto: boolean;
  active: boolean;
  busy: boolean;
  starting: boolean;
  connection: FeedConnection;
  demo: boolean;
  pendingCommand: FlowCommand | null;
  hasSteps: boolean;
  onSetAuto: (auto: boolean) => void;
  onContinue: () => void;
  onRetry: () => void;
  onReset: () => void;
  onExport: () => void;
};

/**
 * The execution panel's head: 'Flow Execution' with its badges, the AUTO toggle while a run is
 * going, Pause AUTO or Continue to Next Task (also after Stop while work is left), Retry when a
 * task failed or was cut short, Reset and Export, and the waiting, stopped and connection notices.
 */
export function ExecutionHeader(props: ExecutionHeaderProps) {
  const { run, auto, active, busy, starting, connection, demo, pendingCommand, hasSteps } = props;
  const { onSetAuto, onContinue, onRetry, onReset, onExport } = props;
  const waiting = run?.status === 'waiting';
  const resumable = isRunResumable(run);
  const retry = run && retryTarget(run);
  const retryText = retry && retryLabels(retry, run);
  const hint = run?.status === 'stopped' && resumable ? stoppedHint(run) : null;
  return (
    <Stack
      gap="sm"
      p="md"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="flow-execution-title">
            Flow Execution
          </Title>
          <StatusBadges run={run} busy={busy} auto={auto} />
          {demo && <DemoBadge />}
        </Group>
        {active && (
          <Switch
            label="AUTO"
            checked={auto}
            disabled={starting || pendingCommand === 'setAuto'}
            onChange={() => onSetAuto(!auto)}
            description={auto ? 'Tasks run without confirmation' : 'Confirm each task'}
          />
        )}
      </Group>
      <Group gap="xs">
        {active && auto && (
          <CommandButton
            icon={IconPlayerPause}
            variant="light"
            onClick={() => onSetAuto(false)}
            loading={pendingCommand === 'setAuto'}
            disabled={starting}
          >
            Pause AUTO
          </CommandButton>
        )}
        {((active && !auto) || resumable) && (
          <CommandButton
            icon={IconPlayerPlay}
            onClick={onContinue}
            loading={pendingCommand === 'continue'}
            disabled={!resumable}
          >
            Continue to Next Task
          </CommandButton>
        )}
        {retryText && (
          <Tooltip label={retryText.full} withArrow>
            <CommandButton
              icon={IconRepeat}
              variant="light"
              color="orange"
              onClick={onRetry}
              loading={pendingCommand === 'retry'}
              aria-label={retryText.full}
            >
              {retryText.short}
            </CommandButton>
          </Tooltip>
        )}
        <CommandButton icon={IconRefresh} variant="default" onClick={onReset}>
          Reset
        </CommandButton>
        <CommandButton
          icon={IconDownload}
          variant="default"
          onClick={onExport}
          disabled={!hasSteps}
        >
          Export
        </CommandButton>
      </Group>
      {waiting && run?.pendingApproval && (
        <Alert variant="light" color="yellow" p="xs" title="Waiting for your approval">
          {run.pendingApproval.outcomeUnknown
            ? `${run.pendingApproval.tool} was sent, but its answer was never recorded. Retry or Skip it in the feed.`
            : `The task wants to call ${run.pendingApproval.tool}. Approve or Reject it in the feed.`}
        </Alert>
      )}
      {waiting && !run?.pendingApproval && (
        <Alert variant="light" color="yellow" p="xs" title="Waiting for your confirmation">
          Click 'Continue to Next Task' to run the remaining tasks, or Execute in the task list to
          run only the current one.
        </Alert>
      )}
      {hint && (
        <Alert variant="light" color="gray" p="xs">
          {hint}
        </Alert>
      )}
      {connection === 'reconnecting' && (
        <Text size="sm" c="yellow" role="status">
          Connection lost. Reconnecting to the live feed...
        </Text>
      )}
    </Stack>
  );
}
