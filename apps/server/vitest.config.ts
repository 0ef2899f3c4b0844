import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonDir}/server.json` },
  },
});
