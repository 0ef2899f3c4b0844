import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { showToast } from '../../lib/toast';
import { errorMessage, showError } from './errors';
import { type IntegrationItem, type ItemKind, sentenceCase } from './itemKind';
import { type ExecutionResult, ResponsePanel } from './ResponsePanel';
import type { ItemDialogProps } from './useItemDialog';

/** Props of {@link ExecuteDialog}. */
export type ExecuteDialogProps<T> = ItemDialogProps<T> & {
  title: string;
  /** The request form and the response; a fresh one for each item. */
  Body: ComponentType<{ item: T; onClose: () => void }>;
};

/** An execute dialog (size 4xl). Closing it forgets what was entered and the response. */
export function ExecuteDialog<T extends IntegrationItem>({
  opened,
  item,
  onClose,
  title,
  Body,
}: ExecuteDialogProps<T>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="56rem">
      {item && <Body key={item.id} item={item} onClose={onClose} />}
    </Modal>
  );
}

/** An execution of one item, from {@link useExecution}. */
export type Execution<TExecuteInput> = {
  /** Sends `input`; the answer or the failure becomes the result, with a toast. */
  run: (input: TExecuteInput) => Promise<void>;
  running: boolean;
  /** The last result; null before the first run. */
  result: ExecutionResult | null;
};

/** Executes `item` through its kind's router and records the result; the history refetches. */
export function useExecution<T extends IntegrationItem, TInput, TTemplate, TExecuteInput>(
  kind: ItemKind<T, TInput, TTemplate, TExecuteInput>,
  item: T,
): Execution<TExecuteInput> {
  const { requestNoun } = kind.names;
  const cache = kind.useCache();
  const execute = kind.router.execute.useMutation();
  const [result, setResult] = useState<ExecutionResult | null>(null);

  const run = async (input: TExecuteInput) => {
    setResult(null);
    try {
      const answer = await execute.mutateAsync(input);
      setResult({ kind: 'answer', answer });
      showToast({
        title: `${sentenceCase(requestNoun)} executed`,
        message: `${item.name} answered ${answer.status} in ${answer.durationMs} ms.`,
      });
    } catch (error) {
      const message = errorMessage(error, `Failed to execute ${requestNoun}`);
      setResult({ kind: 'error', message });
      showError(message);
    }
    await cache.executions.invalidate({ id: item.id });
  };

  return { run, running: execute.isPending, result };
}

/** Props of {@link ExecuteLayout}. */
export type ExecuteLayoutProps = {
  execution: Pick<Execution<unknown>, 'running' | 'result'>;
  /** Above the request and the response. */
  header?: ReactNode;
  /** The request's fields, left of the response (above it on phones). */
  children: ReactNode;
  /** The response panel's text before the first run, and its height. */
  responseText: string;
  responseHeight: number;
  /** Left of the buttons. */
  note?: ReactNode;
  /** False while the request is incomplete. */
  canExecute?: boolean;
  onExecute: () => void;
  onClose: () => void;
};

/** An execute dialog's body: the request beside the response, Close and Execute below. */
export function ExecuteLayout({
  execution,
  header,
  children,
  responseText,
  responseHeight,
  note,
  canExecute = true,
  onExecute,
  onClose,
}: ExecuteLayoutProps) {
  return (
    <Stack gap="md">
      {header}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
        <ResponsePanel
          running={execution.running}
          result={execution.result}
          emptyText={responseText}
          height={responseHeight}
        />
      </SimpleGrid>
      <Group justify={note ? 'space-between' : 'flex-end'} gap="sm">
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={onExecute}
            disabled={execution.running || !canExecute}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            Execute
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
