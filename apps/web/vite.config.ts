import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/** The API server that the dev server forwards to (apps/server, on PORT as `pnpm dev` starts it). */
const apiServer = `http://127.0.0.1:${process.env.PORT || 3000}`;

/** Where CI collects vitest's JSON reports; unset for local runs. */
const jsonReportDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each file; the server sends the one the browser accepts.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|wasm)$/,
      // Every file gets its copies, even where compression saves nothing (a few tiny chunks).
      skipIfLargerOrEqual: false,
    }),
  ],
  server: {
    // `pnpm dev`'s server redirects pages here (WEB_DEV_URL), so the port is fixed.
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
      '/sites': apiServer,
      // Previews and code runs load the server's sandboxed frame page.
      '/preview-frame': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
      '/sites': apiServer,
      // Previews and code runs load the server's sandboxed frame page.
      '/preview-frame': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // zod with the module that configures it (csp.ts: no eval probe), so the two run
            // together before any chunk that builds a schema at load (the engine's) evaluates.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]csp\.ts$/,
              priority: 3,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
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
