import { formatHistoryTime, type RunOutcome } from '@flows/engine';
import { Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DeleteDialog } from '../../components/DeleteDialog';
import { ListEntry } from '../../components/ListEntry';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { RUN_OUTCOME_BADGES } from './runOutcomeBadges';
import type { TaskHistoryEntry } from './types';

/** Props of {@link TaskHistoryModal}. */
export type TaskHistoryModalProps = {
  opened: boolean;
  onClose: () => void;
  /** History is kept for signed-in users only. */
  signedIn: boolean;
  /** The execution log is empty, so a past task's steps can be opened into it. */
  canOpenTask: boolean;
  /** Reuse: puts the goal into the goal input. */
  onReuse: (goal: string) => void;
  /** Follows a past task in the execution log: its stored steps, and live while it runs. */
  onOpenTask: (taskId: string) => void;
};

/** How a past run ended (or that it still runs), as a coloured badge with the word. */
function OutcomeBadge({ outcome }: { outcome: RunOutcome }) {
  const { label, color } = RUN_OUTCOME_BADGES[outcome];
  return (
    <Badge size="xs" variant="light" color={color}>
      {label}
    </Badge>
  );
}

function HistoryEntry({
  entry,
  now,
  canOpenTask,
  onReuse,
  onOpenTask,
}: {
  entry: TaskHistoryEntry;
  now: Date;
  canOpenTask: boolean;
  onReuse: (goal: string) => void;
  onOpenTask: (taskId: string) => void;
}) {
  const goalId = `history-goal-${entry.id}`;
  const running = entry.status === 'running';
  return (
    <ListEntry
      details={
        <>
          <Text id={goalId} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {entry.goal}
          </Text>
          <Group gap="xs">
            {entry.status && <OutcomeBadge outcome={entry.status} />}
            {entry.fileCount > 0 && (
              <Badge
                size="xs"
                variant="outline"
                color="gray"
                leftSection={<IconPaperclip size={10} aria-hidden />}
              >
                {`${entry.fileCount} ${entry.fileCount === 1 ? 'file' : 'files'}`}
              </Badge>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
              {formatHistoryTime(new Date(entry.createdAt), now)}
            </Text>
          </Group>
        </>
      }
      actions={
        <>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onOpenTask(entry.id)}
            disabled={!canOpenTask}
            aria-describedby={goalId}
          >
            {running ? 'Open live' : 'Open'}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onReuse(entry.goal)}
            aria-describedby={goalId}
          >
            Reuse
          </Anchor>
        </>
      }
    />
  );
}

function HistoryBody(props: Omit<TaskHistoryModalProps, 'opened' | 'onClose' | 'signedIn'>) {
  const utils = trpc.useUtils();
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Fetched each time the modal opens, so runs started since show up.
  const history = trpc.task.list.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const clear = trpc.task.clear.useMutation({
    onSuccess: () => {
      showToast({
        title: 'History Cleared',
        message: 'Your task history has been cleared successfully',
      });
      void utils.task.list.invalidate();
    },
    onError: () => {
      showToast({ destructive: true, title: 'Error', message: 'Failed to clear history' });
    },
  });
  const now = new Date();
  const entries = history.data ?? [];

  let list: React.ReactNode;
  if (history.isPending) {
    list = (
      <Text size="sm" c="dimmed">
        Loading task history...
      </Text>
    );
  } else if (history.isError) {
    list = (
      <Text size="sm" c="red">
        Task history could not be loaded.
      </Text>
    );
  } else if (entries.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        No previous tasks found
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars>
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Previous tasks">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} now={now} {...props} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="md">
      {list}
      {!props.canOpenTask && entries.length > 0 && (
        <Text size="xs" c="dimmed">
          Reset the current flow to open a past task's steps.
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirmingClear(true)}
          disabled={entries.length === 0}
        >
          Clear History
        </Button>
      </Group>
      <DeleteDialog
        opened={confirmingClear}
        title="Clear History"
        message="This deletes every run in your history, with its steps and the websites it built. It cannot be undone."
        deleting={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirmingClear(false) })}
        onClose={() => setConfirmingClear(false)}
      />
    </Stack>
  );
}

/**
 * Task History: the signed-in user's past goals, newest first, with relative times and how each
 * run ended; Reuse puts a goal back into the input, Open shows a past task's steps (live while it
 * runs), Clear History deletes them all once confirmed.
 */
export function TaskHistoryModal({ opened, onClose, signedIn, ...props }: TaskHistoryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Task History" size="lg">
      {signedIn ? (
        <HistoryBody {...props} />
      ) : (
        <Text size="sm">
          Task history is kept for signed-in users.{' '}
          <Anchor component={Link} to="/auth">
            Log in
          </Anchor>{' '}
          to see your previous tasks.
        </Text>
      )}
    </Modal>
  );
}
