import type { Server, ServerResponse } from 'node:http';
import { DatabaseConnectError } from '@flows/db';
import { ConfigError } from './config';

/** A reason this process must not start (DATA_DIR in use, a bad secret.key), said in one line. */
export class StartupError extends Error {}

/** How long a stop may take in all before the process gives up on closing and exits 1. */
export const STOP_TIMEOUT_MS = 15_000;

/** How long requests under way get to finish once the HTTP server stops taking new ones. */
export const REQUEST_GRACE_MS = 5_000;

/** Resources to close on a stop, by name (said if one fails or hangs), in the order to close. */
export type Closers = Record<string, () => unknown>;

/**
 * On SIGINT or SIGTERM, closes each resource in order, then exits 0, or 1 if one failed (said in
 * a line each). Closing happens once: a further signal meanwhile is noted and changes nothing, so
 * a stop is never left half-done. A stop that takes longer than `timeoutMs` exits 1 with one line
 * naming the resource that did not close.
 */
export function closeOnSignals(closers: Closers, { timeoutMs = STOP_TIMEOUT_MS } = {}) {
  let stopping = false;
  let closing = '';
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`${signal} again: still closing ${closing}, exiting once done`);
      return;
    }
    stopping = true;
    console.log(`${signal}: stopping (closing ${Object.keys(closers).join(', ')})`);
    // Not unref'd: it keeps the process alive until the stop ends one way or the other.
    setTimeout(() => {
      console.error(
        `Could not stop within ${timeoutMs / 1000} s: closing ${closing} did not finish; exiting anyway`,
      );
      process.exit(1);
    }, timeoutMs);
    let failed = false;
    for (const [name, close] of Object.entries(closers)) {
      closing = name;
      try {
        await close();
      } catch (error) {
        failed = true;
        console.error(`Could not close ${name}: ${(error as Error)?.message ?? error}`);
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Gets `server` ready for a graceful stop and returns what stops it: new connections are refused
 * at once and idle keep-alive connections closed; answers already streaming (live feeds, which
 * never end by themselves) are cut; requests under way get up to `graceMs` to be answered; then
 * every connection left is closed.
 */
export function httpServerCloser(server: Server, graceMs = REQUEST_GRACE_MS) {
  const open = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const deadline = Date.now() + graceMs;
    for (;;) {
      // Again each time: a connection goes idle once its answer is sent.
      server.closeIdleConnections();
      let underWay = 0;
      for (const response of open) {
        if (response.destroyed) continue;
        if (response.headersSent && !response.writableEnded) response.destroy();
        else underWay++;
      }
      if (underWay === 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.closeAllConnections();
    await closed;
  };
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
