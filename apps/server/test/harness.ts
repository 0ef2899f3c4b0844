import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlowSystem } from '@flows/api';
import { type DatabaseHandle, seedTemplates } from '@flows/db';
import { createTestDatabase } from '@flows/db/testing';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startFlowSystem } from '../src/flows';
import { createLogger, type Logger } from '../src/logger';

/** A web build stand-in so the SPA fallback can be tested without running Vite. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flows-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Flows</title><div id="root"></div>',
  );
  return dir;
}

/**
 * A Flows app over a fresh test database, driven with `app.request()`. With `flows`, durable runs
 * work in this process (the scripted model's URL goes in MODEL_ENDPOINT).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    flows?: boolean;
    runWorker?: boolean;
    database?: DatabaseHandle;
    logger?: Logger;
  } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  await seedTemplates(database.db);
  const config = loadConfig({ FLOW_TIME_SCALE: '0', LOG_LEVEL: 'silent', ...env });
  const secretKey = Buffer.alloc(32, 7);
  const logger = options.logger ?? createLogger(config.log);
  let flows: FlowSystem | null = null;
  if (options.flows) {
    flows = await startFlowSystem(database, config, secretKey, options.runWorker ?? true, logger);
  }
  const app = createApp({
    database,
    config,
    secretKey,
    flows,
    webDist: fakeWebDist(),
    logger,
  });
  return {
    app,
    database,
    config,
    flows,
    close: async () => {
      await flows?.close();
      if (!options.database) await database.close();
    },
  };
}

/** A response body as JSON, with the shape the test expects. */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** An app served by a real Node server on a free port, as `pnpm start` serves it. */
export async function serveOnNode(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
