import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';

/** When the next run is possible: within a day, so today or tomorrow, at a local time. */
export function whenOf(iso: string, now = new Date()) {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `at ${time}` : `tomorrow at ${time}`;
}

/**
 * How many runs are left today under the free plan's daily limit (FREE_FLOWS_PER_DAY). Shows
 * nothing where the server sets no limit. Asked again whenever a run starts (`runKey` changes).
 */
export function RunAllowance({ runKey }: { runKey: string | null }) {
  const allowance = trpc.flow.allowance.useQuery(undefined, { refetchInterval: 60_000 });
  const { refetch } = allowance;
  useEffect(() => {
    if (runKey) void refetch();
  }, [runKey, refetch]);

  const data = allowance.data;
  if (!data || data.perDay <= 0 || data.remaining === null) return null;
  if (data.remaining === 0) {
    return (
      <Text size="sm" c="orange" role="status" data-testid="run-allowance">
        No runs left today on the free plan ({data.perDay} per day).
        {data.nextRunAt ? ` Your next run is possible ${whenOf(data.nextRunAt)}.` : ''}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="status" data-testid="run-allowance">
      {data.remaining} of {data.perDay} runs left today on the free plan.
    </Text>
  );
}
