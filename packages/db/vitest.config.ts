import { defineConfig } from 'vitest/config';
import {
  SLOW_TEST_TIMEOUTS,
  TEST_FILES_AT_ONCE,
  testReports,
} from '../../tooling/vitest-shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...SLOW_TEST_TIMEOUTS,
    ...TEST_FILES_AT_ONCE,
    ...testReports('db'),
  },
});
