import { createDatabase } from '@flows/db';
import { ConfigError, loadConfig } from './config';
import { startFlowSystem } from './flows';
import { loadSecretKey } from './secret-key';

/** A worker process: works flow runs from the shared queue, serves no HTTP (`pnpm worker`). */
async function main() {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL must be set: separate workers share a PostgreSQL server (the embedded database belongs to one process)',
    );
  }
  const database = await createDatabase({ url: config.databaseUrl });
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  const flows = await startFlowSystem(database, config, secretKey, true);
  console.log('Flows worker is running');
  const shutdown = async () => {
    await flows.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
