import type { TApiIntegration } from '@flows/api/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { ExecuteApiDialog } from './ExecuteApiDialog';
import { versionLabel } from './format';
import { IntegrationFormDialog } from './IntegrationFormDialog';
import type { ItemActionsProps } from './ItemActions';
import { ItemCard } from './ItemCard';
import { ItemsPanel } from './ItemsPanel';
import { integrationKind } from './integrationKind';

/** The API Integrations tab: the list with its states and the item dialogs. */
export function IntegrationsPanel() {
  return (
    <ItemsPanel
      kind={integrationKind}
      Card={IntegrationCard}
      FormDialog={IntegrationFormDialog}
      ExecuteDialog={ExecuteApiDialog}
    />
  );
}

/**
 * One API integration in the list: name, base URL, 'v{version}' badge, 'Auth: {type}',
 * 'Timeout: {n}ms', description and its buttons.
 */
function IntegrationCard({
  item: integration,
  ...actions
}: { item: TApiIntegration } & ItemActionsProps) {
  return (
    <ItemCard
      name={integration.name}
      badge={
        integration.version?.trim() && (
          <Badge variant="outline" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {versionLabel(integration.version)}
          </Badge>
        )
      }
      address={integration.baseUrl}
      details={
        <Group gap="md">
          <Text size="xs" c="dimmed">
            Auth: {integration.authType}
          </Text>
          <Text size="xs" c="dimmed">
            Timeout: {integration.timeout}ms
          </Text>
        </Group>
      }
      description={integration.description}
      {...actions}
    />
  );
}
