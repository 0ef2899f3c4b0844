// The integrations page's two tabs.
export { IntegrationsPanel } from './IntegrationsPanel';
export { WebhooksPanel } from './WebhooksPanel';
