import { defineConfig } from 'vitest/config';
import { TEST_FILES_AT_ONCE, testReports } from '../../tooling/vitest-shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...TEST_FILES_AT_ONCE,
    ...testReports('engine'),
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.test-helpers.ts'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
