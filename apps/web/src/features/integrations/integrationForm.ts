import type { TApiIntegration, TApiTemplate, TCreateIntegrationInput } from '@flows/api';
import type { ItemFormSpec } from './ItemForm';
import { indentJsonText } from './json';
import {
  DEFAULT_TIMEOUT_MS,
  jsonObjectRule,
  validateName,
  validateRateLimitConfig,
  validateTimeout,
  validateUrl,
} from './validation';

/** Auth types of an API integration, with the labels the form shows. */
export const integrationAuthTypes = [
  { value: 'none', label: 'None' },
  { value: 'basic', label: 'Basic Auth' },
  { value: 'bearer', label: 'Bearer Token' },
  { value: 'apiKey', label: 'API Key' },
  { value: 'oauth', label: 'OAuth' },
] as const;

/** Methods the Execute API Request dialog offers. */
export const integrationMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The Add / Edit API Integration form's values. */
export type IntegrationFormValues = {
  name: string;
  baseUrl: string;
  version: string;
  authType: TApiIntegration['authType'];
  authConfig: string;
  headers: string;
  rateLimitConfig: string;
  /** Milliseconds; '' when the field is empty (the default applies). */
  timeout: number | string;
  description: string;
};

/** Fields that may hold saved secrets' masks (cleared when baseUrl moves to another host). */
const integrationSecretFields = [
  'authConfig',
  'headers',
] as const satisfies readonly (keyof IntegrationFormValues)[];

/** A new integration: no auth, empty JSON objects, the default timeout. */
const newIntegrationValues: IntegrationFormValues = {
  name: '',
  baseUrl: '',
  version: '',
  authType: 'none',
  authConfig: '{}',
  headers: '{}',
  rateLimitConfig: '{}',
  timeout: DEFAULT_TIMEOUT_MS,
  description: '',
};

/** The form's values for a saved integration (secrets in authConfig and headers stay masked). */
function integrationFormValues(integration: TApiIntegration): IntegrationFormValues {
  return {
    name: integration.name,
    baseUrl: integration.baseUrl,
    version: integration.version ?? '',
    authType: integration.authType,
    authConfig: indentJsonText(integration.authConfig),
    headers: indentJsonText(integration.headers),
    rateLimitConfig: indentJsonText(integration.rateLimitConfig),
    timeout: integration.timeout,
    description: integration.description ?? '',
  };
}

/** A template's values: its address, auth, headers, limits and timeout, no credentials yet. */
function templateFormValues(template: TApiTemplate): IntegrationFormValues {
  return {
    name: template.name,
    baseUrl: template.baseUrl,
    version: template.version,
    authType: template.authType,
    authConfig: template.authConfig,
    headers: template.headers,
    rateLimitConfig: template.rateLimitConfig,
    timeout: template.timeout,
    description: template.description,
  };
}

/** What create and update send; with no auth the auth configuration is cleared. */
function integrationInput(values: IntegrationFormValues): TCreateIntegrationInput {
  return {
    name: values.name.trim(),
    baseUrl: values.baseUrl.trim(),
    version: values.version.trim(),
    authType: values.authType,
    authConfig: values.authType === 'none' ? '{}' : values.authConfig,
    headers: values.headers,
    rateLimitConfig: values.rateLimitConfig,
    timeout: values.timeout === '' ? null : Number(values.timeout),
    description: values.description.trim(),
  };
}

/** The form's rules, with the server's messages. */
const integrationValidation = {
  name: validateName,
  baseUrl: validateUrl,
  authConfig: (value: string, values: IntegrationFormValues) =>
    values.authType === 'none'
      ? null
      : jsonObjectRule('Auth configuration must be a JSON object')(value),
  headers: jsonObjectRule('Headers must be a JSON object'),
  rateLimitConfig: validateRateLimitConfig,
  timeout: validateTimeout,
};

/** An example auth configuration per auth type, as the field's placeholder. */
export const authConfigExamples: Record<IntegrationFormValues['authType'], string> = {
  none: '{}',
  basic: '{"authUser": "username", "authPassword": "password"}',
  bearer: '{"tokenPrefix": "Bearer", "token": "your-token"}',
  apiKey: '{"tokenKey": "X-API-Key", "apiKey": "your-key"}',
  oauth: '{"accessToken": "your-access-token", "scopes": []}',
};

/** The Add / Edit API Integration form for the shared scaffold; secrets follow baseUrl's host. */
export const integrationForm: ItemFormSpec<
  TApiIntegration,
  IntegrationFormValues,
  TCreateIntegrationInput,
  TApiTemplate
> = {
  newValues: newIntegrationValues,
  fromItem: integrationFormValues,
  fromTemplate: templateFormValues,
  toInput: integrationInput,
  validate: integrationValidation,
  address: (values) => values.baseUrl,
  secretFields: integrationSecretFields,
};
