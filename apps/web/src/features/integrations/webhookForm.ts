import type { TCreateWebhookInput, TWebhook, TWebhookTemplate } from '@flows/api';
import type { ItemFormSpec } from './ItemForm';
import { indentJsonText } from './json';
import { jsonObjectRule, validateName, validateUrl } from './validation';

/** Methods a webhook may use. */
export const webhookMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Auth types of a webhook, with the labels the form shows. */
export const webhookAuthTypes = [
  { value: 'none', label: 'None' },
  { value: 'basic', label: 'Basic Auth' },
  { value: 'bearer', label: 'Bearer Token' },
  { value: 'custom', label: 'Custom Headers' },
] as const;

type WebhookMethod = TWebhook['method'];
type WebhookAuthType = TWebhook['authType'];

/** The Add / Edit Webhook form's values (all text, as the inputs hold them). */
export type WebhookFormValues = {
  name: string;
  url: string;
  method: WebhookMethod;
  authType: WebhookAuthType;
  headers: string;
  authUser: string;
  authPassword: string;
  authToken: string;
  signingSecret: string;
  description: string;
};

/** Fields that may hold a saved secret's mask (cleared when the URL moves to another host). */
const webhookSecretFields = [
  'authPassword',
  'authToken',
  'signingSecret',
  'headers',
] as const satisfies readonly (keyof WebhookFormValues)[];

/** A new webhook: POST, no auth, headers '{}'. */
const newWebhookValues: WebhookFormValues = {
  name: '',
  url: '',
  method: 'POST',
  authType: 'none',
  headers: '{}',
  authUser: '',
  authPassword: '',
  authToken: '',
  signingSecret: '',
  description: '',
};

/** The form's values for a saved webhook (secrets stay masked). */
function webhookFormValues(webhook: TWebhook): WebhookFormValues {
  return {
    name: webhook.name,
    url: webhook.url,
    method: webhook.method,
    authType: webhook.authType,
    headers: indentJsonText(webhook.headers),
    authUser: webhook.authUser ?? '',
    authPassword: webhook.authPassword ?? '',
    authToken: webhook.authToken ?? '',
    signingSecret: webhook.signingSecret ?? '',
    description: webhook.description ?? '',
  };
}

/** A template's values: everything of the template, no credentials yet. */
function templateFormValues(template: TWebhookTemplate): WebhookFormValues {
  return {
    ...newWebhookValues,
    name: template.name,
    url: template.url,
    method: template.method,
    authType: template.authType,
    headers: template.headers,
    description: template.description,
  };
}

/**
 * What create and update send. Credentials the auth type does not use are cleared, so a
 * webhook switched from basic to bearer does not keep a password it no longer sends.
 */
function webhookInput(values: WebhookFormValues): TCreateWebhookInput {
  const { authType } = values;
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    method: values.method,
    authType,
    headers: values.headers,
    authUser: authType === 'basic' ? values.authUser.trim() : '',
    authPassword: authType === 'basic' ? values.authPassword : '',
    authToken: authType === 'bearer' ? values.authToken : '',
    signingSecret: values.signingSecret.trim(),
    description: values.description.trim(),
  };
}

/** The form's rules, with the server's messages. */
const webhookValidation = {
  name: validateName,
  url: validateUrl,
  headers: jsonObjectRule('Headers must be a JSON object'),
};

/** The Add / Edit Webhook form for the shared scaffold; secrets follow the URL's host. */
export const webhookForm: ItemFormSpec<
  TWebhook,
  WebhookFormValues,
  TCreateWebhookInput,
  TWebhookTemplate
> = {
  newValues: newWebhookValues,
  fromItem: webhookFormValues,
  fromTemplate: templateFormValues,
  toInput: webhookInput,
  validate: webhookValidation,
  address: (values) => values.url,
  secretFields: webhookSecretFields,
};
