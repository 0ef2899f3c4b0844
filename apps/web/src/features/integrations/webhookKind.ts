import type {
  TCreateWebhookInput,
  TExecuteWebhookInput,
  TWebhook,
  TWebhookTemplate,
} from '@flows/api/contracts';
import { trpc } from '../../lib/trpc';
import type { ItemKind } from './itemKind';

/** Webhooks as the shared scaffold sees them. */
export const webhookKind: ItemKind<
  TWebhook,
  TCreateWebhookInput,
  TWebhookTemplate,
  TExecuteWebhookInput
> = {
  names: {
    title: 'Webhook',
    noun: 'webhook',
    plural: 'webhooks',
    requestNoun: 'webhook',
  },
  router: trpc.webhook,
  useCache: () => trpc.useUtils().webhook,
};
