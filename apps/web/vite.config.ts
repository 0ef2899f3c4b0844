import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { TEST_FILES_AT_ONCE } from '../../tooling/vitest-shared.ts';
import { prerenderPages } from './vite-prerender.ts';

/** The API server that the dev server forwards to (apps/server, on PORT as `pnpm dev` starts it). */
const apiServer = `http://127.0.0.1:${process.env.PORT || 3000}`;

/**
 * The engine's source files (packages/engine/src) and the API's contracts (packages/api/src/
 * contracts), which run nothing when imported: constants, functions and zod schemas.
 */
const PURE_SOURCE = /[\\/]packages[\\/](engine[\\/]src|api[\\/]src[\\/]contracts)[\\/]/;

/** Where CI collects vitest's JSON reports; unset for local runs. */
const jsonReportDir = process.env.VITEST_JSON_DIR;

// `isSsrBuild`: the build of src/prerender.tsx for Node that vite-prerender.ts runs.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          // Brotli and gzip copies beside each file; the server sends the one the browser accepts.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|css|html|svg|json|wasm)$/,
            // Every file gets its copies, even where compression saves nothing (a few tiny chunks).
            skipIfLargerOrEqual: false,
          }),
          prerenderPages(),
        ]),
  ],
  define: {
    // The footer's year in the prerendered HTML (Footer.tsx).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
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
        // The engine and the contracts are pure code: a page that takes one constant or schema
        // from them must not also load (and build, which takes long) the schemas of other files.
        moduleSideEffects: (id) => (PURE_SOURCE.test(id) ? false : undefined),
      },
      output: {
        // The UI chunks are named after the pages using them: too long for a file name.
        chunkFileNames: ({ name }) =>
          name.startsWith('ui~') ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js',
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
            // Over HTTP/1.1 (six connections) every file costs a round trip: the libraries the
            // first page needs come in one file, and the UI libraries the lazily loaded pages
            // use in a few, by the set of pages using them (small sets merged), instead of a few
            // dozen small ones each.
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 1 },
            { name: 'ui', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Room for a few of testing-library's waits (5 s each, see setup.ts) on a busy machine.
    testTimeout: 20_000,
    ...TEST_FILES_AT_ONCE,
    reporters: jsonReportDir ? ['default', 'json'] : ['default'],
    outputFile: { json: `${jsonReportDir}/web.json` },
  },
}));
