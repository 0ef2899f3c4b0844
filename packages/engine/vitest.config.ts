import { defineConfig } from 'vitest/config';
import { testReports } from '../../tooling/vitest-shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...testReports('engine'),
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.test-helpers.ts'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
