import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconRocket,
} from '@tabler/icons-react';
import type { FeedConnection, FlowCommand } from '../../hooks/useFlowRun';
import type { FlowRunView } from './types';

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

function StatusBadges({
  run,
  busy,
  auto,
}: {
  run: FlowRunView | null;
  busy: boolean;
  auto: boolean;
}) {
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
      {run?.status === 'complete' && (
        <Badge variant="light" color="teal">
          Complete
        </Badge>
      )}
      {run?.status === 'stopped' && (
        <Badge variant="light" color="red">
          Stopped
        </Badge>
      )}
    </>
  );
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
  onReset: () => void;
  onExport: () => void;
};

/**
 * The execution panel's head: 'Flow Execution' with its badges, the AUTO toggle while a run is
 * going, Pause AUTO or Continue to Next Task, Reset and Export, and the waiting and connection
 * notices.
 */
export function ExecutionHeader(props: ExecutionHeaderProps) {
  const { run, auto, active, busy, starting, connection, demo, pendingCommand, hasSteps } = props;
  const { onSetAuto, onContinue, onReset, onExport } = props;
  const waiting = run?.status === 'waiting';
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
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            onClick={() => onSetAuto(false)}
            loading={pendingCommand === 'setAuto'}
            disabled={starting}
          >
            Pause AUTO
          </Button>
        )}
        {active && !auto && (
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            onClick={onContinue}
            loading={pendingCommand === 'continue'}
            disabled={!waiting}
          >
            Continue to Next Task
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onReset}
        >
          Reset
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={onExport}
          disabled={!hasSteps}
        >
          Export
        </Button>
      </Group>
      {waiting && (
        <Alert variant="light" color="yellow" p="xs" title="Waiting for your confirmation">
          Click 'Continue to Next Task' to run the remaining tasks, or Execute in the task list to
          run only the current one.
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
