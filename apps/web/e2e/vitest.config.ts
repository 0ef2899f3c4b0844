import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Where CI collects vitest's JSON reports; unset for local runs. */
const jsonReportDir = process.env.VITEST_JSON_DIR;

/**
 * Browser tests: real Chromium against the real server (started once by the global setup, on the
 * built web app). Run with `pnpm e2e` from the repository root, which builds the web app first.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser and one server: files take turns.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: jsonReportDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonReportDir}/e2e.json` },
  },
});
