import { createDatabase, seedTemplates } from '@flows/db';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { startFlowSystem } from './flows';
import { closeOnSignals, runMain } from './process';
import { loadSecretKey } from './secret-key';

async function main() {
  const config = loadConfig(process.env);
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedTemplates(database.db);
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  const flows = await startFlowSystem(database, config, secretKey);
  const app = createApp({ database, config, secretKey, flows });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where =
      database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(`Flows is running at ${config.siteBaseUrl} (${where}, port ${info.port})`);
    if (config.modelDemo) {
      console.log(`Open ${config.siteBaseUrl}/dashboard and type a goal to watch a demo run.`);
    }
  });

  closeOnSignals(
    () => server.close(),
    () => flows.close(),
    () => database.close(),
  );
}

runMain(main);
