import { type FlowTask, hasTaskErrors, TASK_SOURCE_LABELS, type TaskSource } from '@flows/engine';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconPlayerPlayFilled,
  IconX,
} from '@tabler/icons-react';
import { useToggleRegion } from '../../lib/useToggleRegion';
import { plainTextGlimpse, ResultContent } from '../results';

/**
 * A completed task's result: two clipped lines of plain text, and the whole result (Markdown,
 * runnable code, website preview) on demand. A failed task's error stays plain.
 */
function TaskResult({ result, failed }: { result: string; failed: boolean }) {
  const shown = useToggleRegion(false);
  if (failed) {
    return (
      <Text size="xs" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {result}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {!shown.open && (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {plainTextGlimpse(result)}
        </Text>
      )}
      <Box>
        <Anchor component="button" type="button" size="xs" {...shown.toggleProps}>
          {shown.open ? 'Hide result' : 'Show result'}
        </Anchor>
      </Box>
      <Collapse expanded={shown.open} id={shown.regionId} keepMounted={false}>
        <ResultContent text={result} />
      </Collapse>
    </Stack>
  );
}

/**
 * A task's state mark before its text (done, failed, current), centred on the text's first line;
 * its colour is the theme's primary colour unless `color` names another.
 */
function TaskMark({
  icon: MarkIcon,
  size = 16,
  color,
  label,
}: {
  icon: Icon;
  size?: number;
  color?: 'teal' | 'red';
  label: string;
}) {
  return (
    <MarkIcon
      size={size}
      color={color ? `var(--mantine-color-${color}-filled)` : 'var(--mantine-primary-color-filled)'}
      aria-label={label}
      style={{ flexShrink: 0, marginTop: (20 - size) / 2 }}
    />
  );
}

/** Props of {@link TaskListPanel}. */
export type TaskListPanelProps = {
  tasks: readonly FlowTask[];
  currentTaskIndex: number;
  /** Which reading of the model's reply produced the list. */
  taskSource: TaskSource | null;
  /** Execute applies (the run waits, or was stopped with work left): the current task offers it. */
  canExecute: boolean;
  executing?: boolean;
  onExecute: () => void;
};

/**
 * The task list: numbered tasks with a check when done, an error mark when failed and a play
 * marker on the current one, completed tasks struck through with their result (a failed task's
 * error) clipped to two lines and the whole result on demand, Execute on the current task while the run can resume, the
 * completed and failed counts, and either the completion or the error notice.
 */
export function TaskListPanel({
  tasks,
  currentTaskIndex,
  taskSource,
  canExecute,
  executing = false,
  onExecute,
}: TaskListPanelProps) {
  if (tasks.length === 0) {
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-label="Task List">
        <Text c="dimmed" size="sm">
          No tasks generated yet. Enter a goal to get started.
        </Text>
      </Paper>
    );
  }

  const completed = tasks.filter((task) => task.completed && !task.failed).length;
  const failed = tasks.filter((task) => task.failed).length;
  // A failed task, or an error noted in a result (a website that could not be saved, say).
  const errors = failed > 0 || hasTaskErrors(tasks);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="task-list-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="task-list-title">
            Task List
          </Title>
          <Group gap={6}>
            <Badge variant="light" aria-label={`${completed} of ${tasks.length} tasks completed`}>
              {completed}/{tasks.length}
            </Badge>
            {failed > 0 && (
              <Badge variant="light" color="red">
                {failed} failed
              </Badge>
            )}
          </Group>
        </Group>
        {taskSource && (
          <Text size="xs" c="dimmed">
            Tasks from {TASK_SOURCE_LABELS[taskSource]}
          </Text>
        )}

        <Stack component="ol" gap="xs" p={0} m={0}>
          {tasks.map((task, index) => {
            const current = index === currentTaskIndex && !task.completed;
            const done = task.completed && !task.failed;
            return (
              <Paper
                key={index}
                component="li"
                withBorder
                radius="md"
                p="sm"
                style={{
                  listStyle: 'none',
                  borderColor: current ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
                aria-current={current ? 'step' : undefined}
              >
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <ThemeIcon
                    radius="xl"
                    size="md"
                    variant={task.completed || current ? 'filled' : 'light'}
                    color={task.completed ? (task.failed ? 'red' : 'teal') : undefined}
                    aria-hidden
                  >
                    <Text size="xs" fw={700} c="inherit">
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      {done && <TaskMark icon={IconCheck} color="teal" label="Completed" />}
                      {task.failed && <TaskMark icon={IconX} color="red" label="Failed" />}
                      {current && (
                        <TaskMark icon={IconPlayerPlayFilled} size={14} label="Current task" />
                      )}
                      <Text
                        size="sm"
                        td={done ? 'line-through' : undefined}
                        c={done ? 'dimmed' : undefined}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {task.description}
                      </Text>
                    </Group>
                    {task.completed && task.result && (
                      <TaskResult result={task.result} failed={task.failed} />
                    )}
                    {current && canExecute && (
                      <Box>
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconPlayerPlayFilled size={12} aria-hidden />}
                          onClick={onExecute}
                          loading={executing}
                        >
                          Execute
                        </Button>
                      </Box>
                    )}
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>

        {currentTaskIndex >= tasks.length && !errors && (
          <Alert
            variant="light"
            color="teal"
            p="xs"
            icon={<IconCircleCheck size={18} aria-hidden />}
          >
            All tasks completed successfully!
          </Alert>
        )}
        {errors && (
          <Alert
            variant="light"
            color="orange"
            p="xs"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            Some tasks encountered errors during execution. This is a beta feature and may
            experience connection issues.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
