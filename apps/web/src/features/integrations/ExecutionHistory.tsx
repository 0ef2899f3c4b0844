import type { TIntegrationExecution } from '@flows/api/contracts';
import {
  Alert,
  Badge,
  Center,
  Code,
  Drawer,
  Group,
  Loader,
  Paper,
  Spoiler,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { formatBytes, formatTime, methodColor, statusColor } from './format';

/** Props of {@link ExecutionHistoryDrawer}. */
export type ExecutionHistoryDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The webhook's or integration's name. */
  name: string;
  executions: readonly TIntegrationExecution[] | undefined;
  isLoading: boolean;
  isError: boolean;
};

const newestFirst = (a: TIntegrationExecution, b: TIntegrationExecution) =>
  b.createdAt.localeCompare(a.createdAt);

/** The recorded executions of one item, newest first: status, duration, time, size and error. */
export function ExecutionHistoryDrawer({
  opened,
  onClose,
  name,
  executions,
  isLoading,
  isError,
}: ExecutionHistoryDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Group gap={8} wrap="nowrap">
          <IconHistory size={18} aria-hidden />
          <Text fw={600} truncate>
            Execution history: {name}
          </Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close execution history' }}
    >
      {isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading execution history" />
        </Center>
      ) : isError || !executions ? (
        <Alert
          variant="light"
          color="red"
          title="Error loading execution history"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          Please try again later
        </Alert>
      ) : executions.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          No executions yet. Execute it to record the first call.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} aria-label="Executions">
          {[...executions].sort(newestFirst).map((execution) => (
            <ExecutionEntry key={execution.id} execution={execution} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

function ExecutionEntry({ execution }: { execution: TIntegrationExecution }) {
  const { status, error } = execution;
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Badge color={statusColor(status)} variant="light" radius="sm">
            {status ?? 'No reply'}
          </Badge>
          <Badge color={methodColor(execution.method)} variant="outline" radius="sm">
            {execution.method}
          </Badge>
          <Text size="xs" c="dimmed">
            {execution.durationMs} ms
            {execution.responseBytes !== null && ` · ${formatBytes(execution.responseBytes)}`}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={execution.createdAt}>
          {formatTime(execution.createdAt)}
        </Text>
      </Group>
      <Text size="xs" ff="monospace" mt={6} style={{ wordBreak: 'break-all' }}>
        {execution.url}
      </Text>
      {error && (
        <Text size="sm" c="red" mt={6}>
          {error}
        </Text>
      )}
      {execution.responseBody && (
        <Spoiler maxHeight={72} showLabel="Show more" hideLabel="Show less" mt={6}>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {execution.responseBody}
          </Code>
        </Spoiler>
      )}
    </Paper>
  );
}
