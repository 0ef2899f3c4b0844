import { ComingSoon } from '../components/ComingSoon';

/** Webhooks and API integrations (placeholder until the integrations issue lands). */
export function IntegrationsPage() {
  return (
    <ComingSoon
      title="Integrations"
      description="Register webhooks and API integrations for services such as Slack, GitHub and Jira, and run them on demand."
    />
  );
}
