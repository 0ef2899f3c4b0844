import { createFlowSystem } from '@flows/api';
import type { DatabaseHandle } from '@flows/db';
import { apiConfigOf, type Config } from './config';

/** Starts durable runs for this process, with the settings procedures get (apiConfigOf). */
export function startFlowSystem(
  database: DatabaseHandle,
  config: Config,
  secretKey: Buffer,
  runWorker = config.runWorker,
) {
  return createFlowSystem(database, apiConfigOf(config, secretKey), { runWorker });
}
