import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      modelEndpoint: 'http://localhost:1234/v1',
      flowTimeScale: 1,
      allowPrivateTargets: false,
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('treats blank values as unset and reads flags', () => {
    const config = loadConfig({ PORT: ' ', ALLOW_PRIVATE_TARGETS: 'true', INIT_CWD: '/srv/flows' });
    expect(config.port).toBe(3000);
    expect(config.allowPrivateTargets).toBe(true);
    expect(config.dataDir).toBe('/srv/flows/.data');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['MODEL_ENDPOINT', 'not a url'],
    ['FLOW_TIME_SCALE', '-1'],
    ['SECRET_KEY', 'short'],
    ['ALLOW_PRIVATE_TARGETS', 'maybe'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
