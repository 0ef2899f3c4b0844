import { createDatabase } from '@flows/db';
import { ConfigError, loadConfig } from './config';
import { applyEnvFile } from './env-file';
import { startFlowSystem } from './flows';
import { createLogger } from './logger';
import { closeOnSignals, runMain } from './process';
import { loadSecretKey } from './secret-key';

/** A worker process: works flow runs from the shared queue, serves no HTTP (`pnpm worker`). */
async function main() {
  applyEnvFile();
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL must be set: separate workers share a PostgreSQL server (the embedded database belongs to one process)',
    );
  }
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  const database = await createDatabase({
    url: config.databaseUrl,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
  const flows = await startFlowSystem(database, config, secretKey, true, createLogger(config.log));
  console.log('Flows worker is running');
  closeOnSignals({
    'the flow runs': () => flows.close(),
    'the database': () => database.close(),
  });
}

runMain(main);
