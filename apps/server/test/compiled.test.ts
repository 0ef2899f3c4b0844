import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWholeRun, flowClient, overHttp } from './flow-client';
import { compileServer, type EntryPoints, serverProcesses } from './server-process';

// `pnpm start` runs the compiled JavaScript: it starts on the embedded database, finds its
// migrations, and works a whole run with the scripted model.
describe('the compiled server', () => {
  const compiled: EntryPoints = {};
  const servers = serverProcesses(compiled);
  let model: ScriptedModel;
  let dataDir: string;

  beforeAll(async () => {
    compiled.compiledIn = await compileServer();
    model = await startScriptedModel({ chunkDelayMs: 1 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'flows-compiled-data-'));
  }, 60_000);
  afterAll(async () => {
    await servers.stopAll();
    await model?.close();
    for (const folder of [compiled.compiledIn, dataDir]) {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });

  it('is ready on PGlite and completes a run', async () => {
    const server = await servers.startServer({
      DATA_DIR: dataDir,
      MODEL_ENDPOINT: model.url,
      FLOW_TIME_SCALE: '0',
    });
    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', worker: 'polling' });

    const client = flowClient(overHttp(server.baseUrl));
    const taskId = await client.start({ goal: 'Compiled server note' });
    const { state } = await expectWholeRun(client, taskId);
    expect(state.status).toBe('complete');
  }, 120_000);
});
