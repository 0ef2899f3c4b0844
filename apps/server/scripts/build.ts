/**
 * Compiles the server, the worker and the demo to JavaScript in dist/ (with source maps), so
 * production runs plain `node`. Flows' own code (this app and the workspace packages, which
 * ship as TypeScript) is bundled; installed packages stay where pnpm put them and are imported
 * from there, exactly as in development. Addresses our code builds from its own location
 * (`new URL('../drizzle', import.meta.url)`) are re-based so they still name the same files.
 *
 * Usage: `tsx scripts/build.ts [outdir]` (default dist/; tests build into folders of their own).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.resolve(appDir, process.argv[2] ?? 'dist');
const ownCode = /^@flows\//;

/** A path as an import specifier relative to dist/ (always with a leading ./ or ../). */
const fromDist = (file: string) => {
  const relative = path.relative(outdir, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/** Installed packages are imported from where they are installed, not copied into the bundle. */
const installedPackages: Plugin = {
  name: 'installed-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (ownCode.test(args.path) || args.path.startsWith('node:') || args.pluginData) return;
      const found = await esbuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: true,
      });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.external ? args.path : fromDist(found.path), external: true };
    });
  },
};

/** `new URL('relative', import.meta.url)` in our sources, pointed at the same file from dist/. */
const sourceRelativeUrls: Plugin = {
  name: 'source-relative-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(
        /new URL\('([^']+)', import\.meta\.url\)/g,
        (_, target: string) =>
          `new URL('${fromDist(path.resolve(path.dirname(args.path), target))}', import.meta.url)`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: ['src/main.ts', 'src/worker.ts', 'src/demo.ts'].map((entry) =>
    path.join(appDir, entry),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Resolve installed packages as Node does (no 'module' condition or field).
  conditions: [],
  mainFields: ['main'],
  sourcemap: true,
  splitting: true,
  logLevel: 'warning',
  plugins: [installedPackages, sourceRelativeUrls],
});
