import type { TExecuteAnswer } from '@flows/api/contracts';
import { Badge, Box, Center, Code, Group, Loader, Paper, ScrollArea, Text } from '@mantine/core';
import { statusColor } from './format';
import { prettyJson } from './json';

/** An execute answer as it arrives over JSON (a body of `undefined` is simply absent). */
export type ExecuteAnswer = Omit<TExecuteAnswer, 'body'> & { body?: unknown };

/** What an execution came back with: the service's reply, or why there is none. */
export type ExecutionResult =
  | { kind: 'answer'; answer: ExecuteAnswer }
  | { kind: 'error'; message: string };

/** Props of {@link ResponsePanel}. */
export type ResponsePanelProps = {
  /** True while the call runs: a spinner shows in place of the response. */
  running: boolean;
  /** The last result; null before the first run (and after the dialog was closed). */
  result: ExecutionResult | null;
  /** Shown before the first run. */
  emptyText: string;
  /** Height of the panel's body. */
  height?: number;
};

/**
 * The right-hand side of an execute dialog: a spinner while running, then the answer as indented
 * JSON (status and duration above it), or `{ "error": message }` for a failure.
 */
export function ResponsePanel({ running, result, emptyText, height = 360 }: ResponsePanelProps) {
  const answer = result?.kind === 'answer' ? result.answer : null;
  const shown = result
    ? prettyJson(result.kind === 'answer' ? result.answer : { error: result.message })
    : null;

  return (
    <Box role="region" aria-label="Response" aria-busy={running}>
      <Group justify="space-between" mb={6} gap="xs" mih={26}>
        <Text size="sm" fw={500}>
          Response
        </Text>
        {!running && answer && (
          <Group gap={6}>
            <Badge color={statusColor(answer.status)} variant="light" radius="sm">
              {`${answer.status} ${answer.statusText}`.trim()}
            </Badge>
            <Text size="xs" c="dimmed">
              {answer.durationMs} ms
            </Text>
            {answer.retryAfter !== undefined && (
              <Text size="xs" c="orange">
                Retry after {answer.retryAfter} s
              </Text>
            )}
          </Group>
        )}
        {!running && result?.kind === 'error' && (
          <Badge color="red" variant="light" radius="sm">
            Failed
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="md" bg="var(--mantine-color-default-hover)" h={height}>
        {running ? (
          <Center h="100%">
            <Loader size="sm" aria-label="Running" />
          </Center>
        ) : shown === null ? (
          <Center h="100%" px="md">
            <Text size="sm" c="dimmed" ta="center">
              {emptyText}
            </Text>
          </Center>
        ) : (
          <ScrollArea h={height} type="auto">
            <Code
              block
              bg="transparent"
              c={result?.kind === 'error' ? 'red' : undefined}
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid="response-json"
            >
              {shown}
            </Code>
          </ScrollArea>
        )}
      </Paper>
    </Box>
  );
}
