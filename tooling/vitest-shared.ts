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
