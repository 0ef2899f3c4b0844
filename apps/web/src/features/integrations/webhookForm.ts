import {
  type TCreateWebhookInput,
  type TWebhook,
  type TWebhookTemplate,
  ZCreateWebhookInput,
} from '@flows/api/contracts';
import type { ItemFormSpec } from './ItemForm';
import { indentJsonText } from './json';

/** The Add / Edit Webhook form's values (all text, as the inputs hold them). */
export type WebhookFormValues = {
  name: string;
  url: string;
  method: TWebhook['method'];
  authType: TWebhook['authType'];
  headers: string;
  authUser: string;
  authPassword: string;
  authToken: string;
  signingSecret: string;
  description: string;
  /** Offered to the owner's runs as a tool. */
  useInFlows: boolean;
  /** A run's call waits for approval. */
  askBeforeCall: boolean;
};

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
  useInFlows: false,
  askBeforeCall: true,
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
    useInFlows: webhook.useInFlows,
    askBeforeCall: webhook.askBeforeCall,
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
    useInFlows: values.useInFlows,
    askBeforeCall: values.askBeforeCall,
  };
}

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
  schema: ZCreateWebhookInput,
  address: (values) => values.url,
  secretFields: ['authPassword', 'authToken', 'signingSecret', 'headers'],
};
