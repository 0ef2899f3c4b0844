import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { flowClient } from './flow-client';
import { createTestApp } from './harness';

const OPERATOR_KEY = 'sk-operator-main-5ecret';
const THIRD_KEY = 'sk-operator-third-5ecret';

let main: ScriptedModel;
let second: ScriptedModel;
let third: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  [main, second, third] = await Promise.all([
    startScriptedModel(),
    startScriptedModel(),
    startScriptedModel(),
  ]);
  harness = await createTestApp(
    {
      MODEL_ENDPOINT: main.url,
      MODEL_API_KEY: OPERATOR_KEY,
      MODEL_ENDPOINTS_ALLOWED: `${second.url},${third.url}`,
      MODEL_ENDPOINT_KEYS: `${third.url}/=${THIRD_KEY}`,
      MODEL_TIMEOUT_MS: '500',
    },
    { flows: true },
  );
});
afterAll(async () => {
  await harness?.close();
  await Promise.all([main?.close(), second?.close(), third?.close()]);
});

const singleCall = (endpoint: string) =>
  flowClient(harness.app).post('/api/flow/run', {
    provider: 'lmstudio',
    endpoint,
    input: { prompt: 'Overall goal: x\n\nYour current task: Greet', model: 'local-model' },
  });

const authorizations = (model: ScriptedModel) =>
  model.requests.map((request) => request.authorization);

describe("the operator's model keys", () => {
  it('go only to their own endpoint on single calls', async () => {
    expect((await singleCall(main.url)).status).toBe(200);
    expect((await singleCall(second.url)).status).toBe(200);
    expect((await singleCall(third.url)).status).toBe(200);
    expect(authorizations(main)).toEqual([`Bearer ${OPERATOR_KEY}`]);
    expect(authorizations(second)).toHaveLength(1);
    expect(authorizations(second).join()).not.toContain('sk-operator');
    expect(authorizations(third)).toEqual([`Bearer ${THIRD_KEY}`]);
  });

  it('go only to their own endpoint in runs', async () => {
    const client = flowClient(harness.app);
    const before = second.requests.length;
    const taskId = await client.start({ goal: 'Write a short poem', endpoint: second.url });
    await client.waitFor(taskId, ['complete']);
    const calls = second.requests.slice(before).map((request) => request.authorization);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.join()).not.toContain('sk-operator');

    const onMain = await client.start({ goal: 'Write a short poem' });
    await client.waitFor(onMain, ['complete']);
    expect(authorizations(main).at(-1)).toBe(`Bearer ${OPERATOR_KEY}`);
  });

  it('are read from MODEL_ENDPOINT_KEYS as endpoint=key, checked, and never repeated', () => {
    const base = {
      MODEL_ENDPOINT: 'http://localhost:1234/v1',
      MODEL_ENDPOINTS_ALLOWED: 'https://api.openai.com/v1,https://other.example/v1',
    };
    expect(
      loadConfig({
        ...base,
        MODEL_API_KEY: 'sk-local',
        MODEL_ENDPOINT_KEYS:
          ' https://api.openai.com/v1/=sk-open=ai== , https://other.example/v1=k2',
      }).modelApiKeys,
    ).toEqual([
      { endpoint: 'http://localhost:1234/v1', apiKey: 'sk-local' },
      { endpoint: 'https://api.openai.com/v1/', apiKey: 'sk-open=ai==' },
      { endpoint: 'https://other.example/v1', apiKey: 'k2' },
    ]);
    expect(loadConfig({}).modelApiKeys).toEqual([]);
    for (const [keys, problem] of [
      ['sk-bare-5ecret', 'entry 1 must be endpoint=key'],
      ['https://api.openai.com/v1=', 'entry 1 must be endpoint=key'],
      ['ftp://api.openai.com/v1=sk-5ecret', 'entry 1 must start with an http:// or https://'],
      ['https://evil.example/v1=sk-5ecret', 'entry 1 names https://evil.example/v1, which is'],
      ['http://localhost:1234/v1=sk-5ecret', 'entry 1 gives http://localhost:1234/v1 a second'],
    ] as const) {
      const load = () =>
        loadConfig({ ...base, MODEL_API_KEY: 'sk-local', MODEL_ENDPOINT_KEYS: keys });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(`MODEL_ENDPOINT_KEYS ${problem}`);
      try {
        load();
      } catch (error) {
        expect((error as Error).message).not.toContain('5ecret');
      }
    }
  });
});
