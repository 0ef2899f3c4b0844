import { startScriptedModel } from '@flows/scripted-model';
import { ConfigError, loadConfig } from './config';
import { applyEnvFile } from './env-file';

/**
 * `pnpm demo`: Flows with the scripted demo model, for trying a complete run without a model
 * server. The model's replies are canned; the web app labels it as a demo. Demo runs keep their
 * own data folder (never mixed with real history), and the model listens on a fixed port, so a
 * restarted demo finishes the runs the last one left.
 */
applyEnvFile();
let port: number;
try {
  port = loadConfig(process.env).demoModelPort;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const model = await startScriptedModel({ port, chunkDelayMs: 30 });
process.env.MODEL_ENDPOINT = model.url;
process.env.MODEL_DEMO = 'true';
process.env.DATA_DIR ||= '.data/demo';
console.log(`Demo model (scripted, OpenAI-compatible) at ${model.url}`);
await import('./main');
