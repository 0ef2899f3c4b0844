import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clickRowButton,
  dialog,
  field,
  gridColumns,
  labelPattern,
  tab,
  type,
} from '../../testing/dom';
import {
  githubApiTemplate,
  integrationFixture,
  integrationProcedures,
} from '../../testing/integrationFixtures';
import { renderOnTrpc } from '../../testing/render';
import { type ProcedureMock, TrpcMockError } from '../../testing/trpcServer';
import { IntegrationsPanel } from './IntegrationsPanel';

/** The API Integrations tab on a fake server with one template and the given procedures. */
const renderPanel = (procedures: Record<string, ProcedureMock> = {}) =>
  renderOnTrpc(<IntegrationsPanel />, { ...integrationProcedures, ...procedures });

async function openAdd() {
  const server = renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: 'Add Your First API Integration' }));
  await screen.findByRole('dialog', { name: 'Add API Integration' });
  return server;
}

describe('Add API Integration', () => {
  it('offers the templates in three columns and applies one with a toast', async () => {
    await openAdd();
    const add = dialog('Add API Integration');

    const grid = await within(add).findByRole('group', { name: 'Templates' });
    expect(gridColumns(grid)).toEqual([2, 3]);
    fireEvent.click(within(grid).getByRole('button', { name: 'Use the GitHub template' }));

    expect(field(add, 'Name').value).toBe('GitHub');
    expect(field(add, 'Base URL').value).toBe('https://api.github.com');
    expect(field(add, 'Auth Type').value).toBe('bearer');
    expect(field(add, 'Timeout').value).toBe('15,000');
    expect(field(add, 'Auth Configuration (JSON)').value).toBe(githubApiTemplate.authConfig);
    expect(field(add, 'Default Headers (JSON)').value).toBe(githubApiTemplate.headers);
    expect(await screen.findByText('Template applied')).toBeTruthy();
    expect(screen.getByText('The GitHub template has been applied.')).toBeTruthy();
  });

  it('shows Auth Configuration for every auth type except none', async () => {
    await openAdd();
    const add = dialog('Add API Integration');
    const shown = () => within(add).queryByLabelText(labelPattern('Auth Configuration (JSON)'));

    expect(shown()).toBeNull();
    for (const authType of ['basic', 'bearer', 'apiKey', 'oauth']) {
      type(add, 'Auth Type', authType);
      expect(shown()).not.toBeNull();
    }
    type(add, 'Auth Type', 'none');
    expect(shown()).toBeNull();
  });

  it('has Headers and Rate Limiting sub-tabs with the rate limit hint', async () => {
    await openAdd();
    const add = dialog('Add API Integration');

    expect(tab(add, 'Headers').getAttribute('aria-selected')).toBe('true');
    expect(field(add, 'Default Headers (JSON)').value).toBe('{}');
    fireEvent.click(tab(add, 'Rate Limiting'));
    const limits = field(add, 'Rate Limit Configuration (JSON)');
    expect(limits.getAttribute('placeholder')).toContain('"maxRequestsPerMinute": 60');
    expect(within(add).getByText(/60 requests per 1 minute/)).toBeTruthy();
  });

  it('checks the fields before sending and shows the sub-tab holding the mistake', async () => {
    const server = await openAdd();
    const add = dialog('Add API Integration');

    fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));
    expect(await within(add).findByText('Name is required')).toBeTruthy();
    expect(within(add).getByText('Must be a valid URL')).toBeTruthy();

    type(add, 'Name', 'Billing');
    type(add, 'Base URL', 'https://billing.example.com');
    type(add, 'Auth Type', 'apiKey');
    type(add, 'Auth Configuration (JSON)', '["key"]');
    fireEvent.click(tab(add, 'Rate Limiting'));
    type(add, 'Rate Limit Configuration (JSON)', '{"maxRequestsPerMinute": 0}');
    fireEvent.click(tab(add, 'Headers'));
    fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));

    expect(await within(add).findByText('Auth configuration must be a JSON object')).toBeTruthy();
    await waitFor(() =>
      expect(tab(add, 'Rate Limiting').getAttribute('aria-selected')).toBe('true'),
    );
    expect(within(add).getByText('maxRequestsPerMinute must be a positive integer')).toBeTruthy();
    expect(server.callsTo('integration.create')).toHaveLength(0);
  });

  it('refuses a timeout that is not a positive integer instead of changing it', async () => {
    const server = await openAdd();
    const add = dialog('Add API Integration');
    type(add, 'Name', 'Billing');
    type(add, 'Base URL', 'https://billing.example.com');

    for (const timeout of ['-5', '1.5', '0']) {
      type(add, 'Timeout', timeout);
      fireEvent.blur(field(add, 'Timeout'));
      expect(field(add, 'Timeout').value).toBe(timeout);
      fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));
      expect(await within(add).findByText('Timeout must be a positive integer')).toBeTruthy();
    }
    type(add, 'Timeout', '200000');
    fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));
    expect(await within(add).findByText('Timeout must be at most 120000 ms')).toBeTruthy();
    expect(server.callsTo('integration.create')).toHaveLength(0);
  });

  it('creates the integration, toasts and refetches the list', async () => {
    const server = await openAdd();
    const add = dialog('Add API Integration');
    server.procedures['integration.create'] = (input: unknown) =>
      integrationFixture(input as object);

    type(add, 'Name', 'Billing');
    type(add, 'Base URL', 'https://billing.example.com');
    type(add, 'Version', 'v1');
    type(add, 'Auth Type', 'apiKey');
    type(add, 'Auth Configuration (JSON)', '{"tokenKey": "X-Key", "apiKey": "abc"}');
    server.procedures['integration.list'] = [integrationFixture({ name: 'Billing' })];
    fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));

    expect(await screen.findByText('API Integration created')).toBeTruthy();
    expect(server.callsTo('integration.create')[0]?.input).toEqual({
      name: 'Billing',
      baseUrl: 'https://billing.example.com',
      version: 'v1',
      authType: 'apiKey',
      authConfig: '{"tokenKey": "X-Key", "apiKey": "abc"}',
      headers: '{}',
      rateLimitConfig: '{}',
      timeout: 30000,
      description: '',
      useInFlows: false,
      askBeforeCall: true,
    });
    expect(await screen.findByRole('listitem', { name: 'Billing' })).toBeTruthy();
  });

  it('shows a duplicate name refusal from the server', async () => {
    const server = await openAdd();
    const add = dialog('Add API Integration');
    server.procedures['integration.create'] = () => {
      throw new TrpcMockError(409, 'An API integration with that name already exists');
    };
    type(add, 'Name', 'Billing');
    type(add, 'Base URL', 'https://billing.example.com');
    fireEvent.click(within(add).getByRole('button', { name: 'Create API Integration' }));

    expect(
      await screen.findByText('An API integration with that name already exists'),
    ).toBeTruthy();
    expect(dialog('Add API Integration')).toBeTruthy();
  });
});

describe('Edit API Integration', () => {
  it('updates with masked secrets kept and clears them when the host moves', async () => {
    const server = renderPanel({
      'integration.list': [integrationFixture()],
      'integration.update': (input: unknown) => integrationFixture(input as object),
    });
    await clickRowButton('Weather API', 'Edit');
    const edit = dialog('Edit API Integration');

    expect(field(edit, 'Auth Configuration (JSON)').value).toContain('"********"');
    type(edit, 'Base URL', 'https://other.example.net');
    expect(field(edit, 'Auth Configuration (JSON)').value).toContain('"token": ""');
    expect(within(edit).getByText(/Saved secrets do not move to a new host/)).toBeTruthy();
    type(edit, 'Base URL', 'https://api.weather.example/v2');
    expect(field(edit, 'Auth Configuration (JSON)').value).toContain('"********"');

    type(edit, 'Timeout', '20000');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('API Integration updated')).toBeTruthy();
    expect(server.callsTo('integration.update')[0]?.input).toMatchObject({
      id: 'api-1',
      baseUrl: 'https://api.weather.example/v2',
      timeout: 20000,
      authConfig: expect.stringContaining('"token": "********"'),
    });
  });
});

describe('Delete API Integration', () => {
  it('asks first, then deletes and toasts', async () => {
    const server = renderPanel({
      'integration.list': [integrationFixture()],
      'integration.delete': { success: true },
    });
    await clickRowButton('Weather API', 'Delete');
    const confirm = dialog('Delete API Integration');
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this API integration? This action cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('API Integration deleted')).toBeTruthy();
    expect(server.callsTo('integration.delete')[0]?.input).toEqual({ id: 'api-1' });
    await waitFor(() => expect(server.callsTo('integration.list').length).toBeGreaterThan(1));
  });
});
