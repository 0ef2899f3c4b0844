import { startScriptedModel } from '@flows/scripted-model';

/**
 * `pnpm demo`: Flows with the scripted demo model, for trying a complete run without a model
 * server. The model's replies are canned; the web app labels it as a demo. Demo runs keep their
 * own data folder (never mixed with real history), and the model listens on a fixed port, so a
 * restarted demo finishes the runs the last one left.
 */
const DEFAULT_DEMO_MODEL_PORT = 3999;

const port = Number(process.env.DEMO_MODEL_PORT || DEFAULT_DEMO_MODEL_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('Invalid configuration: DEMO_MODEL_PORT must be a port number (1-65535)');
  process.exit(1);
}
const model = await startScriptedModel({ port, chunkDelayMs: 30 });
process.env.MODEL_ENDPOINT = model.url;
process.env.MODEL_DEMO = 'true';
process.env.DATA_DIR ||= '.data/demo';
console.log(`Demo model (scripted, OpenAI-compatible) at ${model.url}`);
await import('./main');
