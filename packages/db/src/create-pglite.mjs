/**
 * Creates an embedded database folder (PGlite's initdb, then the committed migrations) and exits.
 * createDatabase runs this in a process of its own because initdb leaves hundreds of megabytes of
 * WebAssembly memory that a process never gets back: the server then opens the finished folder,
 * as on any restart. Plain JavaScript, so Node runs it as it is from the sources and from the
 * compiled server alike (its imports resolve from this package).
 *
 * Usage: `node create-pglite.mjs <dataDir> <migrationsFolder>` with an IPC channel: a failure is
 * sent as `{ error: message }` before exiting 1, and the process stops if its parent goes away.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// PGlite's file system errors carry Emscripten's errno only (no message): the likely ones, named.
const ERRNO_NAMES = new Map([
  [2, 'EACCES (permission denied)'],
  [20, 'EEXIST (file exists)'],
  [31, 'EISDIR (is a directory)'],
  [44, 'ENOENT (no such file or directory)'],
  [51, 'ENOSPC (no space left on device)'],
  [54, 'ENOTDIR (not a directory)'],
  [63, 'EPERM (operation not permitted)'],
  [69, 'EROFS (read-only file system)'],
]);

/** The error in words, with its cause (a failed migration's query names the statement only). */
function describe(error) {
  if (error instanceof Error) {
    return error.cause === undefined ? error.message : `${error.message}: ${describe(error.cause)}`;
  }
  const errno = error?.errno;
  if (typeof errno !== 'number') return String(error);
  return `file system error ${ERRNO_NAMES.get(errno) ?? `errno ${errno}`}`;
}

const [dataDir, migrationsFolder = ''] = process.argv.slice(2);

// A server stopped (or killed) mid-creation takes this process with it.
process.on('disconnect', () => process.exit(1));

try {
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  await migrate(drizzle(pglite), { migrationsFolder });
  await pglite.close();
  process.exit(0);
} catch (error) {
  if (process.send) process.send({ error: describe(error) }, () => process.exit(1));
  else {
    console.error(describe(error));
    process.exit(1);
  }
}
