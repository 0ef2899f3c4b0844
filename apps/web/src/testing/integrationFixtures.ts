import type {
  TApiIntegration,
  TApiTemplate,
  TIntegrationExecution,
  TWebhook,
  TWebhookTemplate,
} from '@flows/api/contracts';

/** A saved webhook; fields given replace the defaults. */
export function webhookFixture(fields: Partial<TWebhook> = {}): TWebhook {
  return {
    id: 'wh-1',
    name: 'Deploy hook',
    url: 'https://hooks.example.com/deploy',
    method: 'POST',
    headers: '{\n  "Content-Type": "application/json"\n}',
    authType: 'none',
    authUser: null,
    authPassword: null,
    authToken: null,
    signingSecret: null,
    description: null,
    useInFlows: false,
    askBeforeCall: true,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    ...fields,
  };
}

/** A saved API integration; fields given replace the defaults. */
export function integrationFixture(fields: Partial<TApiIntegration> = {}): TApiIntegration {
  return {
    id: 'api-1',
    name: 'Weather API',
    baseUrl: 'https://api.weather.example',
    version: '2',
    authType: 'bearer',
    authConfig: '{\n  "tokenPrefix": "Bearer",\n  "token": "********"\n}',
    headers: '{}',
    rateLimitConfig: '{}',
    timeout: 15000,
    description: 'Forecasts by city',
    useInFlows: false,
    askBeforeCall: true,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    ...fields,
  };
}

const slackTemplate: TWebhookTemplate = {
  id: 'slack-message',
  name: 'Slack Message',
  description: 'Post a message to a Slack channel through an incoming webhook',
  icon: 'brand-slack',
  color: '#4A154B',
  url: 'https://hooks.slack.com/services/T0/B0/X',
  method: 'POST',
  authType: 'none',
  headers: '{\n  "Content-Type": "application/json"\n}',
  examplePayload: '{"text": "Hello"}',
};

const jiraTemplate: TWebhookTemplate = {
  ...slackTemplate,
  id: 'jira-issue',
  name: 'Jira Issue',
  description: 'Create an issue in Jira',
  icon: 'IconBrandJira',
  color: '#0052CC',
  url: 'https://your-domain.atlassian.net/rest/api/3/issue',
  authType: 'basic',
};

export const githubApiTemplate: TApiTemplate = {
  id: 'github',
  name: 'GitHub',
  description: 'GitHub REST API',
  icon: 'brand-github',
  color: '#24292F',
  baseUrl: 'https://api.github.com',
  version: '',
  authType: 'bearer',
  authConfig: '{\n  "tokenPrefix": "token",\n  "token": ""\n}',
  headers: '{\n  "Accept": "application/vnd.github+json"\n}',
  rateLimitConfig: '{\n  "maxRequestsPerHour": 5000\n}',
  timeout: 15000,
};

/** A recorded execution; fields given replace the defaults. */
export function executionFixture(
  fields: Partial<TIntegrationExecution> = {},
): TIntegrationExecution {
  return {
    id: 'ex-1',
    method: 'POST',
    url: 'https://hooks.example.com/deploy',
    status: 200,
    durationMs: 42,
    responseBytes: 17,
    responseBody: '{"ok":true}',
    error: null,
    taskId: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    ...fields,
  };
}

/** What the Webhooks tab's fake server answers unless told otherwise: none yet, two templates. */
export const webhookProcedures = {
  'webhook.list': [],
  'webhook.templates': [slackTemplate, jiraTemplate],
};

/** What the API Integrations tab's fake server answers unless told otherwise: none, one template. */
export const integrationProcedures = {
  'integration.list': [],
  'integration.templates': [githubApiTemplate],
};
