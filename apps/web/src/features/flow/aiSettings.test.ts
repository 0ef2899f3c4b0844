import { describe, expect, it } from 'vitest';
import {
  AI_SETTINGS_KEY,
  DEFAULT_RUN_SETTINGS,
  loadAiSettings,
  runEndpoint,
  saveAiSettings,
  validateAiSettings,
} from './aiSettings';

const valid = {
  provider: 'lmstudio',
  endpoint: 'http://127.0.0.1:1234/v1',
  model: 'local-model',
  temperature: 0.7,
} as const;

describe('AI settings', () => {
  it('reports the messages of spec section 5', () => {
    expect(validateAiSettings(valid)).toEqual({});
    expect(validateAiSettings({ ...valid, endpoint: 'not a url', model: '  ' })).toEqual({
      endpoint: 'Must be a valid URL',
      model: 'Model is required',
    });
    expect(validateAiSettings({ ...valid, provider: 'skynet' }).provider).toBe('Invalid input');
    expect(validateAiSettings({ ...valid, temperature: 1.5 }).temperature).toBe(
      'Temperature must be a number from 0 to 1',
    );
  });

  it('saves valid settings and refuses invalid ones', () => {
    saveAiSettings({ ...valid, model: 'sea-model', temperature: 0.2 });
    expect(loadAiSettings()).toEqual({ ...valid, model: 'sea-model', temperature: 0.2 });
    expect(() => saveAiSettings({ ...valid, model: '' })).toThrow('Model is required');
    expect(loadAiSettings()?.model).toBe('sea-model');
  });

  it('ignores saved settings that are not valid', () => {
    window.localStorage.setItem(AI_SETTINGS_KEY, '{"provider":"lmstudio"');
    expect(loadAiSettings()).toBeNull();
    window.localStorage.setItem(AI_SETTINGS_KEY, JSON.stringify({ ...valid, temperature: 7 }));
    expect(loadAiSettings()).toBeNull();
  });

  it('sends the endpoint only when the server may call it', () => {
    const allowed = ['http://127.0.0.1:1234/v1/'];
    expect(runEndpoint(valid, allowed)).toBe(valid.endpoint);
    expect(runEndpoint(DEFAULT_RUN_SETTINGS, allowed)).toBeUndefined();
    expect(runEndpoint(valid, undefined)).toBeUndefined();
  });
});
