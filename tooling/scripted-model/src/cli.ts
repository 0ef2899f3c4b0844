#!/usr/bin/env -S npx tsx
import { startScriptedModel } from './server';

const port = Number(process.env.SCRIPTED_MODEL_PORT ?? 1234);
const model = await startScriptedModel({ port, chunkDelayMs: 40 });
console.log(`Scripted demo model (OpenAI-compatible) at ${model.url}`);
const stop = () => model.close().finally(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
