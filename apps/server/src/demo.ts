import { startScriptedModel } from '@flows/scripted-model';

/**
 * `pnpm demo`: Flows with the scripted demo model, for trying a complete run without a model
 * server. The model's replies are canned; the web app labels it as a demo.
 */
const model = await startScriptedModel({
  port: Number(process.env.DEMO_MODEL_PORT ?? 0),
  chunkDelayMs: 30,
});
process.env.MODEL_ENDPOINT = model.url;
process.env.MODEL_DEMO = 'true';
console.log(`Demo model (scripted, OpenAI-compatible) at ${model.url}`);
await import('./main');
