import type {
  TCreateWebhookInput,
  TExecuteWebhookInput,
  TWebhook,
  TWebhookTemplate,
} from '@flows/api/contracts';
import { IconWebhook } from '@tabler/icons-react';
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
  tab: {
    intro: 'Outgoing HTTP calls to outside services, run on demand.',
    introWidth: 560,
    emptyDescription: 'Create a webhook to begin integrating with external services',
    icon: IconWebhook,
  },
  router: trpc.webhook,
  useCache: () => trpc.useUtils().webhook,
};
