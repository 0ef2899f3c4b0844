import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server that the dev server forwards to (apps/server on its default port). */
const apiServer = 'http://127.0.0.1:3000';

/** Where CI collects vitest's JSON reports; unset for local runs. */
const jsonReportDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
      '/sites': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
      '/sites': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            { name: 'mantine', test: /node_modules[\\/]@(mantine|floating-ui)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    reporters: jsonReportDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonReportDir}/web.json` },
  },
});
