import { DatabaseConnectError } from '@flows/db';
import { ConfigError } from './config';

/** A reason this process must not start (DATA_DIR in use, a bad secret.key), said in one line. */
export class StartupError extends Error {}

/** On SIGINT or SIGTERM, closes each resource in order (once), then exits. */
export function closeOnSignals(...closers: (() => unknown)[]) {
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    for (const closer of closers) await Promise.resolve(closer()).catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

const oneLineErrors = [ConfigError, StartupError, DatabaseConnectError];

/**
 * Runs a process's main function. A refusal to start (bad configuration, DATA_DIR in use, an
 * unreachable database) prints its one-line reason; anything else its stack. Either exits 1.
 */
export function runMain(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    const expected = oneLineErrors.some((kind) => error instanceof kind);
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  });
}
