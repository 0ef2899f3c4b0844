import type { TWebhook } from '@flows/api/contracts';
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
