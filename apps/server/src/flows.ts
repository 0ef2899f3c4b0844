import { createFlowSystem } from '@flows/api';
import type { DatabaseHandle } from '@flows/db';
import { apiConfigOf, type Config } from './config';
import type { Logger } from './logger';

/** Starts durable runs for this process, with the settings procedures get (apiConfigOf). */
export function startFlowSystem(
  database: DatabaseHandle,
  config: Config,
  secretKey: Buffer,
  runWorker = config.runWorker,
  log?: Logger,
) {
  return createFlowSystem(database, apiConfigOf(config, secretKey), { runWorker, log });
}
