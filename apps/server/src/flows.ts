import { createFlowSystem } from '@flows/api';
import type { DatabaseHandle } from '@flows/db';
import type { Config } from './config';

/** Starts durable runs for this process from its configuration. */
export function startFlowSystem(
  database: DatabaseHandle,
  config: Config,
  secretKey: Buffer,
  runWorker = config.runWorker,
) {
  return createFlowSystem(database, {
    timeScale: config.flowTimeScale,
    siteBaseUrl: config.sitesBaseUrl,
    modelApiKeys: config.modelApiKeys,
    modelTimeoutMs: config.modelTimeoutMs,
    hosting: config.hosting,
    allowPrivateTargets: config.allowPrivateTargets,
    secretKey,
    runWorker,
  });
}
