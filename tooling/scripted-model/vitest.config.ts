import { defineConfig } from 'vitest/config';
import { TEST_FILES_AT_ONCE, testReports } from '../vitest-shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...TEST_FILES_AT_ONCE,
    ...testReports('scripted-model'),
  },
});
