import type { Server } from 'node:http';
import { deleteExpiredAuthRecords, sealStoredAddresses } from '@flows/api';
import { createDatabase, type Database, seedTemplates } from '@flows/db';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { lockDataDir, prepareDataDir } from './data-dir';
import { applyEnvFile } from './env-file';
import { startFlowSystem } from './flows';
import { createLogger } from './logger';
import { closeOnSignals, httpServerCloser, runMain } from './process';
import { loadSecretKey } from './secret-key';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes expired sessions and stale login attempts now, then every hour. */
async function scheduleAuthCleanup(db: Database, sessionMaxAgeMs: number) {
  const cleanUp = () =>
    deleteExpiredAuthRecords(db, sessionMaxAgeMs).catch((error: unknown) => {
      console.error(`Could not delete expired sessions: ${(error as Error).message}`);
    });
  await cleanUp();
  const timer = setInterval(cleanUp, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function main() {
  applyEnvFile();
  const config = loadConfig(process.env);
  const embedded = !config.databaseUrl;
  if (embedded || !config.secretKey) prepareDataDir(config.dataDir);
  // The embedded database belongs to one process: a second one on this DATA_DIR is refused.
  if (embedded) process.once('exit', lockDataDir(config.dataDir));
  // Before the database opens, so a bad secret.key stops start-up at once.
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
  await seedTemplates(database.db);
  const stopAuthCleanup = await scheduleAuthCleanup(database.db, config.sessionMaxAgeMs);
  await sealStoredAddresses(database.db, secretKey);
  const logger = createLogger(config.log);
  const flows = await startFlowSystem(database, config, secretKey, config.runWorker, logger);
  const app = createApp({ database, config, secretKey, flows, logger });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where =
      database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(`Flows is running at ${config.siteBaseUrl} (${where}, port ${info.port})`);
    if (config.modelDemo) {
      console.log(`Open ${config.siteBaseUrl}/dashboard and type a goal to watch a demo run.`);
    }
  });

  // HTTP first, so no new work arrives while runs stop; the database last, so everything that
  // still writes gets to, and PGlite checkpoints before the lock on DATA_DIR is let go (at exit).
  closeOnSignals({
    'the HTTP server': httpServerCloser(server as Server),
    'the hourly clean-up': stopAuthCleanup,
    'the flow runs': () => flows.close(),
    'the database': () => database.close(),
  });
}

runMain(main);
