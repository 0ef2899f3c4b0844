import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonDir}/engine.json` },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.test-helpers.ts'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
