import type { TWebhook } from '@flows/api/contracts';
import { IconWebhook } from '@tabler/icons-react';
import { ExecuteWebhookDialog } from './ExecuteWebhookDialog';
import type { ItemActionsProps } from './ItemActions';
import { ItemCard } from './ItemCard';
import { ItemsPanel } from './ItemsPanel';
import { MethodBadge } from './MethodBadge';
import { WebhookFormDialog } from './WebhookFormDialog';
import { webhookKind } from './webhookKind';

/** The Webhooks tab: the list with its states, and the Add, Edit, Delete, Execute dialogs. */
export function WebhooksPanel() {
  return (
    <ItemsPanel
      kind={webhookKind}
      intro="Outgoing HTTP calls to outside services, run on demand."
      introWidth={560}
      emptyDescription="Create a webhook to begin integrating with external services"
      emptyIcon={<IconWebhook size={28} aria-hidden />}
      Card={WebhookCard}
      FormDialog={WebhookFormDialog}
      ExecuteDialog={ExecuteWebhookDialog}
    />
  );
}

/** One webhook in the list: name, method badge, URL, description and its buttons. */
function WebhookCard({ item: webhook, ...actions }: { item: TWebhook } & ItemActionsProps) {
  return (
    <ItemCard
      name={webhook.name}
      badge={<MethodBadge method={webhook.method} />}
      address={webhook.url}
      description={webhook.description}
      {...actions}
    />
  );
}
