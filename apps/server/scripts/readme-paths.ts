/**
 * Writes the REST table (src/rest-table.ts) into README.md between its rest-paths markers.
 * With --check it changes nothing and fails when README.md lists other paths than the table.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withRestPaths } from '../src/rest-readme';

const readmePath = fileURLToPath(new URL('../../../README.md', import.meta.url));
const readme = await readFile(readmePath, 'utf8');
const next = withRestPaths(readme);

if (next === readme) {
  console.log('README.md lists the REST paths of the table.');
} else if (process.argv.includes('--check')) {
  console.error(
    'README.md differs from the REST table: run pnpm --filter @flows/server readme:paths',
  );
  process.exitCode = 1;
} else {
  await writeFile(readmePath, next);
  console.log('README.md: REST paths written from the table.');
}
