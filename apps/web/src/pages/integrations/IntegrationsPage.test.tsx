import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { integrationFixture, webhookFixture } from '../../testing/integrationFixtures';
import { renderWithProviders } from '../../testing/render';
import { mockTrpc, never, type ProcedureMock, TrpcMockError } from '../../testing/trpcServer';
import { IntegrationsPage } from './IntegrationsPage';

const ada = { id: 'u1', username: 'ada' };

function renderPage(procedures: Record<string, ProcedureMock>, path = '/integrations') {
  const server = mockTrpc({ 'webhook.list': [], 'integration.list': [], ...procedures });
  renderWithProviders(<IntegrationsPage />, { path, session: { user: ada } });
  return server;
}

const webhooksPanel = () => screen.getByRole('tabpanel', { name: 'Webhooks' });
const apiPanel = () => screen.getByRole('tabpanel', { name: 'API Integrations' });

describe('IntegrationsPage', () => {
  it('has the title and opens on the Webhooks tab', async () => {
    renderPage({});

    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    expect(document.title).toBe('Integrations · Flows');
    expect(screen.getByRole('tab', { name: 'Webhooks' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      screen.getByRole('tab', { name: 'API Integrations' }).getAttribute('aria-selected'),
    ).toBe('false');
    expect(await within(webhooksPanel()).findByText('No webhooks found')).toBeTruthy();
  });

  it('opens the API Integrations tab for ?tab=api and on click', async () => {
    renderPage({}, '/integrations?tab=api');
    expect(
      screen.getByRole('tab', { name: 'API Integrations' }).getAttribute('aria-selected'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(screen.getByRole('tab', { name: 'Webhooks' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});

describe('webhook list', () => {
  it('shows a spinner while loading', async () => {
    renderPage({ 'webhook.list': never });

    expect(await within(webhooksPanel()).findByLabelText('Loading webhooks')).toBeTruthy();
    expect(within(webhooksPanel()).queryByText('No webhooks found')).toBeNull();
  });

  it('shows the load error', async () => {
    renderPage({
      'webhook.list': () => {
        throw new TrpcMockError(500, 'Database unavailable');
      },
    });

    const panel = webhooksPanel();
    expect(await within(panel).findByText('Error loading webhooks')).toBeTruthy();
    expect(within(panel).getByText('Please try again later')).toBeTruthy();
  });

  it('shows the empty state whose button opens Add Webhook', async () => {
    renderPage({ 'webhook.templates': [] });

    const panel = webhooksPanel();
    expect(await within(panel).findByText('No webhooks found')).toBeTruthy();
    expect(
      within(panel).getByText('Create a webhook to begin integrating with external services'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add Your First Webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Add Webhook' })).toBeTruthy();
  });

  it('lists each webhook with its method badge, URL, description and buttons', async () => {
    renderPage({
      'webhook.list': [
        webhookFixture({ description: 'Tells the team about deploys' }),
        webhookFixture({ id: 'wh-2', name: 'Nightly report', url: 'https://r.example/x' }),
      ],
    });

    const row = await screen.findByRole('listitem', { name: 'Deploy hook' });
    expect(within(row).getByText('POST')).toBeTruthy();
    expect(within(row).getByText('https://hooks.example.com/deploy')).toBeTruthy();
    expect(within(row).getByText('Tells the team about deploys')).toBeTruthy();
    for (const name of ['Execute', 'Edit', 'Delete', 'History']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('listitem', { name: 'Nightly report' })).toBeTruthy();
    expect(within(webhooksPanel()).queryByText('No webhooks found')).toBeNull();
  });

  it.each([
    ['GET', 'blue'],
    ['POST', 'green'],
    ['PUT', 'yellow'],
    ['DELETE', 'red'],
  ] as const)('colours the %s badge %s', async (method, color) => {
    renderPage({ 'webhook.list': [webhookFixture({ method })] });

    const row = await screen.findByRole('listitem', { name: 'Deploy hook' });
    const badge = within(row).getByText(method).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${color}-`);
    for (const other of ['blue', 'green', 'yellow', 'red'].filter((c) => c !== color)) {
      expect(badge.getAttribute('style')).not.toContain(`--mantine-color-${other}-`);
    }
  });

  it('refetches when the window regains focus', async () => {
    const server = renderPage({ 'webhook.list': [webhookFixture()] });
    await screen.findByRole('listitem', { name: 'Deploy hook' });
    expect(server.callsTo('webhook.list')).toHaveLength(1);

    server.procedures['webhook.list'] = [webhookFixture({ name: 'Renamed hook' })];
    fireEvent(window, new Event('visibilitychange'));

    expect(await screen.findByRole('listitem', { name: 'Renamed hook' })).toBeTruthy();
    expect(server.callsTo('webhook.list')).toHaveLength(2);
  });
});

describe('API integration list', () => {
  it('shows a spinner while loading', async () => {
    renderPage({ 'integration.list': never }, '/integrations?tab=api');

    expect(await within(apiPanel()).findByLabelText('Loading API integrations')).toBeTruthy();
  });

  it('shows the load error', async () => {
    renderPage(
      {
        'integration.list': () => {
          throw new TrpcMockError(500, 'Database unavailable');
        },
      },
      '/integrations?tab=api',
    );

    const panel = apiPanel();
    expect(await within(panel).findByText('Error loading API integrations')).toBeTruthy();
    expect(within(panel).getByText('Please try again later')).toBeTruthy();
  });

  it('shows the empty state whose button opens Add API Integration', async () => {
    renderPage({ 'integration.templates': [] }, '/integrations?tab=api');

    const panel = apiPanel();
    expect(await within(panel).findByText('No API integrations found')).toBeTruthy();
    expect(
      within(panel).getByText('Add an API integration to connect with external services'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add Your First API Integration' }));
    expect(await screen.findByRole('dialog', { name: 'Add API Integration' })).toBeTruthy();
  });

  it('lists base URL, version badge, auth type, timeout and description', async () => {
    renderPage(
      {
        'integration.list': [
          integrationFixture(),
          integrationFixture({ id: 'api-2', name: 'CRM', version: 'v3', authType: 'none' }),
          integrationFixture({ id: 'api-3', name: 'Unversioned', version: null }),
        ],
      },
      '/integrations?tab=api',
    );

    const row = await screen.findByRole('listitem', { name: 'Weather API' });
    expect(within(row).getByText('https://api.weather.example')).toBeTruthy();
    expect(within(row).getByText('v2')).toBeTruthy();
    expect(within(row).getByText('Auth: bearer')).toBeTruthy();
    expect(within(row).getByText('Timeout: 15000ms')).toBeTruthy();
    expect(within(row).getByText('Forecasts by city')).toBeTruthy();
    for (const name of ['Execute', 'Edit', 'Delete', 'History']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    const crm = screen.getByRole('listitem', { name: 'CRM' });
    expect(within(crm).getByText('v3')).toBeTruthy();
    expect(within(crm).getByText('Auth: none')).toBeTruthy();
    const unversioned = screen.getByRole('listitem', { name: 'Unversioned' });
    expect(within(unversioned).queryByText(/^v/)).toBeNull();
  });

  it('refetches when the window regains focus', async () => {
    const server = renderPage(
      { 'integration.list': [integrationFixture()] },
      '/integrations?tab=api',
    );
    await screen.findByRole('listitem', { name: 'Weather API' });

    fireEvent(window, new Event('visibilitychange'));
    await waitFor(() => expect(server.callsTo('integration.list')).toHaveLength(2));
  });
});
