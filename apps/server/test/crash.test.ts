import { describe, it } from 'vitest';
import { expectWholeRun, flowClient } from './flow-client';
import { useWorkerStack } from './worker-process';

// Separate worker processes share a PostgreSQL server; the embedded database belongs to one
// process, so this test needs DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const KILLS = 20;
const RUNS = 4;

describe.skipIf(!databaseUrl)('a worker killed mid-run', () => {
  const { stack, workers } = useWorkerStack({ chunkDelayMs: 15 });

  it(`completes every run with steps 1..n after ${KILLS} kills at random points`, async () => {
    const client = flowClient(stack.harness.app);
    const taskIds: string[] = [];
    for (let index = 0; index < RUNS; index++) {
      taskIds.push(await client.start({ goal: `Write note number ${index} about resilience` }));
    }
    workers.start();
    for (let kill = 0; kill < KILLS; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 900));
      await workers.kill();
      workers.start();
    }
    for (const taskId of taskIds) await expectWholeRun(client, taskId);
  }, 300_000);
});
