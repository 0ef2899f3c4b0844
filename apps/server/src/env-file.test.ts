import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';
import { applyEnvFile } from './env-file';

const repoFile = (name: string) =>
  readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

describe('.env files', () => {
  it('set what the environment leaves unset, and nothing else', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'flows-env-')), '.env');
    writeFileSync(file, '# a comment\nPORT=4321\nMODEL_ENDPOINT="http://127.0.0.1:9/v1"\n');
    const env: NodeJS.ProcessEnv = { PORT: '3000' };
    applyEnvFile(file, env);
    expect(env).toEqual({ PORT: '3000', MODEL_ENDPOINT: 'http://127.0.0.1:9/v1' });
  });

  it('are optional', () => {
    const env: NodeJS.ProcessEnv = {};
    applyEnvFile(join(tmpdir(), 'no-such-folder', '.env'), env);
    expect(env).toEqual({});
  });
});

describe('the settings', () => {
  it('are named alike by the config, .env.example and the README', () => {
    const example = [...repoFile('.env.example').matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map(
      (match) => match[1],
    );
    const configuration = repoFile('README.md').split('## Configuration')[1]!.split('\n### ')[0]!;
    const readme = [...configuration.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map(
      (match) => match[1],
    );
    const names = [...CONFIG_VARIABLES].sort();
    expect([...example].sort()).toEqual(names);
    expect([...readme].sort()).toEqual(names);
  });
});
