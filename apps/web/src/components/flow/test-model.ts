import type { ModelInfo } from './types';

/** What `system.model` answers in tests: the demo model at a loopback endpoint, answering. */
export function modelInfo(overrides: Partial<ModelInfo> = {}): ModelInfo {
  return {
    provider: 'lmstudio',
    model: 'local-model',
    endpoint: 'http://127.0.0.1:1234/v1',
    allowedEndpoints: ['http://127.0.0.1:1234/v1'],
    demo: true,
    reachable: true,
    models: ['flows-demo'],
    ...overrides,
  };
}
