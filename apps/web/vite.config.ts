import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/** The API server that the dev server forwards to (apps/server, on PORT as `pnpm dev` starts it). */
const apiServer = `http://127.0.0.1:${process.env.PORT || 3000}`;

/** The engine's source files (packages/engine/src), which run nothing when imported. */
const ENGINE_SOURCE = /[\\/]packages[\\/]engine[\\/]src[\\/]/;

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
      treeshake: {
        // The engine is pure code (constants, functions and the zod schemas some of them use): a
        // page that takes one constant from it must not also load its schemas, and zod with them.
        moduleSideEffects: (id) => (ENGINE_SOURCE.test(id) ? false : undefined),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // csp.ts configures zod (no eval probe) through zod's global configuration object,
            // without importing zod. In a chunk of its own, the first the entry imports, it runs
            // before any other chunk; zod itself is loaded only by the pages that use it.
            { name: 'zod-config', test: /[\\/]src[\\/]csp\.ts$/, priority: 4 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
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
