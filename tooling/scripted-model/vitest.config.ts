import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonDir}/scripted-model.json` },
  },
});
