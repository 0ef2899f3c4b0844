import { availableParallelism } from 'node:os';

/**
 * Test settings the packages share. CI collects each package's results as JSON in
 * VITEST_JSON_DIR, one file per package, to print the totals.
 */
export function testReports(name: string) {
  const jsonDir = process.env.VITEST_JSON_DIR;
  const reporters: ('default' | 'json')[] = jsonDir ? ['default', 'json'] : ['default'];
  return {
    reporters,
    outputFile: { json: `${jsonDir}/${name}.json` },
  };
}

/** Tests that start databases and servers may take longer than vitest's defaults. */
export const SLOW_TEST_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * Test files run at least two at a time. Vitest's default is one fewer than the cores, which is one
 * on a two-core machine, yet much of a file's time is spent waiting on servers, databases and
 * child processes: on such a machine two at a time took the suite on PGlite from 610 s to 448 s.
 */
export const TEST_FILES_AT_ONCE = { maxWorkers: Math.max(2, availableParallelism() - 1) };
