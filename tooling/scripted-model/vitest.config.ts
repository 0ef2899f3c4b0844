import { defineConfig } from 'vitest/config';
import { testReports } from '../vitest-shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...testReports('scripted-model'),
  },
});
