import { ConfigError } from './config';

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

/** Runs a process's main function; a failure to start prints its reason and exits 1. */
export function runMain(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
