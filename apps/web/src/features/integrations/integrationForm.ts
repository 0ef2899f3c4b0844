import {
  DEFAULT_TIMEOUT_MS,
  type TApiIntegration,
  type TApiTemplate,
  type TCreateIntegrationInput,
  ZCreateIntegrationInput,
} from '@flows/api/contracts';
import type { ItemFormSpec } from './ItemForm';
import { indentJsonText } from './json';

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
  /** Offered to the owner's runs as a tool. */
  useInFlows: boolean;
  /** A run's call waits for approval. */
  askBeforeCall: boolean;
};

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
  useInFlows: false,
  askBeforeCall: true,
};

/** The form's values for a saved integration or a template (secrets stay masked). */
function integrationFormValues(integration: TApiIntegration | TApiTemplate): IntegrationFormValues {
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
    useInFlows: 'useInFlows' in integration ? integration.useInFlows : false,
    askBeforeCall: 'askBeforeCall' in integration ? integration.askBeforeCall : true,
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
    useInFlows: values.useInFlows,
    askBeforeCall: values.askBeforeCall,
  };
}

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
  fromTemplate: integrationFormValues,
  toInput: integrationInput,
  schema: ZCreateIntegrationInput,
  address: (values) => values.baseUrl,
  secretFields: ['authConfig', 'headers'],
};
