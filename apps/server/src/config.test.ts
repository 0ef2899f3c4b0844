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

describe('abuse limits and the client address', () => {
  it('default to limits generous for one person, and no trusted proxy', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(false);
    expect(config.usageLimits).toEqual({
      runsPerHourPerAddress: 60,
      runsPerHourPerUser: 60,
      modelCallsPerHourPerAddress: 600,
      modelCallsPerHourPerUser: 600,
    });
    expect(config.liveFeedLimits).toEqual({ perAddress: 20, perTask: 50, total: 1000 });
  });

  it('read 0 as no limit, and TRUST_PROXY as a flag or a hop count', () => {
    const config = loadConfig({ RUNS_PER_HOUR_PER_ADDRESS: '0', SSE_STREAMS_TOTAL: '0' });
    expect(config.usageLimits.runsPerHourPerAddress).toBe(0);
    expect(config.liveFeedLimits.total).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each([
    ['TRUST_PROXY', 'sometimes'],
    ['RUNS_PER_HOUR_PER_ADDRESS', '-1'],
    ['MODEL_CALLS_PER_HOUR_PER_USER', 'many'],
    ['SSE_STREAMS_PER_ADDRESS', '2.5'],
  ])('stop on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
