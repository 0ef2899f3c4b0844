import { Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';

/**
 * What this Flows server really allows on the Free plan: its FREE_FLOWS_PER_DAY, and how many runs
 * the visitor has left today. Self-hosted servers usually set no limit, and then say so.
 */
export function FreePlanLimit() {
  const allowance = trpc.flow.allowance.useQuery();
  const data = allowance.data;
  if (!data) return null;
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="free-plan-limit">
      {data.perDay > 0
        ? `On this server the Free plan allows ${data.perDay} runs per day; you have ${data.remaining ?? 0} left today.`
        : 'This server sets no daily limit on runs, so the Free plan is unlimited here.'}
    </Text>
  );
}
