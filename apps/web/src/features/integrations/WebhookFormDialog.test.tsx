import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clickRowButton, dialog, field, gridColumns, type } from '../../testing/dom';
import { webhookFixture, webhookProcedures } from '../../testing/integrationFixtures';
import { renderOnTrpc } from '../../testing/render';
import { type ProcedureMock, TrpcMockError } from '../../testing/trpcServer';
import { WebhooksPanel } from './WebhooksPanel';

/** The Webhooks tab on a fake server with two templates and the given procedures. */
const renderPanel = (procedures: Record<string, ProcedureMock> = {}) =>
  renderOnTrpc(<WebhooksPanel />, { ...webhookProcedures, ...procedures });

async function openAdd(server = renderPanel()) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Your First Webhook' }));
  await screen.findByRole('dialog', { name: 'Add Webhook' });
  return server;
}

describe('Add Webhook', () => {
  it('offers the templates in two columns and applies one with a toast', async () => {
    await openAdd();
    const add = dialog('Add Webhook');

    const grid = await within(add).findByRole('group', { name: 'Templates' });
    expect(gridColumns(grid)).toEqual([2]);
    fireEvent.click(within(grid).getByRole('button', { name: 'Use the Jira Issue template' }));

    expect(field(add, 'Name').value).toBe('Jira Issue');
    expect(field(add, 'URL').value).toBe('https://your-domain.atlassian.net/rest/api/3/issue');
    expect(field(add, 'Method').value).toBe('POST');
    expect(field(add, 'Auth Type').value).toBe('basic');
    expect(field(add, 'Description').value).toBe('Create an issue in Jira');
    expect(await screen.findByText('Template applied')).toBeTruthy();
    expect(screen.getByText('The Jira Issue template has been applied.')).toBeTruthy();
  });

  it('shows the auth fields of each auth type', async () => {
    await openAdd();
    const add = dialog('Add Webhook');
    const shown = () =>
      ['Username', 'Password', 'Token', 'Headers (JSON)'].filter((label) =>
        within(add).queryByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)),
      );

    expect(shown()).toEqual([]);
    type(add, 'Auth Type', 'basic');
    expect(shown()).toEqual(['Username', 'Password']);
    type(add, 'Auth Type', 'bearer');
    expect(shown()).toEqual(['Token']);
    type(add, 'Auth Type', 'custom');
    expect(shown()).toEqual(['Headers (JSON)']);
    type(add, 'Auth Type', 'none');
    expect(shown()).toEqual([]);
  });

  it('checks name, URL and headers before sending', async () => {
    const server = await openAdd();
    const add = dialog('Add Webhook');

    type(add, 'URL', 'not a url');
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));

    expect(await within(add).findByText('Name is required')).toBeTruthy();
    expect(within(add).getByText('Must be a valid URL')).toBeTruthy();
    type(add, 'URL', 'ftp://files.example.com/');
    type(add, 'Auth Type', 'custom');
    type(add, 'Headers (JSON)', '{"X-Key": ');
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));
    expect(await within(add).findByText('Headers must be a JSON object')).toBeTruthy();
    expect(within(add).getByText('Must be a valid URL')).toBeTruthy();
    expect(server.callsTo('webhook.create')).toHaveLength(0);
  });

  it("checks the server's rules for header names and the signing secret too", async () => {
    const server = await openAdd();
    const add = dialog('Add Webhook');

    type(add, 'Name', 'Hook');
    type(add, 'URL', 'https://ci.example.com/hook');
    type(add, 'Auth Type', 'custom');
    type(add, 'Headers (JSON)', '{"Bad Name": "x"}');
    type(add, 'Signing secret', 'whsec_not-base64');
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));

    expect(await within(add).findByText('"Bad Name" is not a valid header name')).toBeTruthy();
    expect(
      within(add).getByText(
        'Signing secret must be base64 (16 to 64 bytes), optionally prefixed with whsec_',
      ),
    ).toBeTruthy();
    expect(server.callsTo('webhook.create')).toHaveLength(0);
  });

  it('creates the webhook, toasts, refetches the list and closes', async () => {
    const server = await openAdd();
    const add = dialog('Add Webhook');
    server.procedures['webhook.create'] = (input: unknown) => webhookFixture(input as object);

    type(add, 'Name', '  Build alert ');
    type(add, 'URL', 'https://ci.example.com/hook');
    type(add, 'Method', 'PUT');
    type(add, 'Auth Type', 'bearer');
    type(add, 'Token', 's3cret');
    // 'Ask before each call' applies only to an item used in flows.
    const ask = within(add).getByRole('switch', { name: /Ask before each call/ });
    expect((ask as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(add).getByRole('switch', { name: /Use in flows/ }));
    expect((ask as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(ask);
    server.procedures['webhook.list'] = [webhookFixture({ name: 'Build alert' })];
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));

    expect(await screen.findByText('Webhook created')).toBeTruthy();
    expect(server.callsTo('webhook.create')[0]?.input).toMatchObject({
      name: 'Build alert',
      url: 'https://ci.example.com/hook',
      method: 'PUT',
      authType: 'bearer',
      authToken: 's3cret',
      authPassword: '',
      headers: '{}',
      useInFlows: true,
      askBeforeCall: false,
    });
    expect(await screen.findByRole('listitem', { name: 'Build alert' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Webhook' })).toBeNull());
  });

  it('keeps the dialog open and shows the server message when saving fails', async () => {
    const server = await openAdd();
    const add = dialog('Add Webhook');
    server.procedures['webhook.create'] = () => {
      throw new TrpcMockError(400, 'Signing secret must be base64 (16 to 64 bytes)');
    };

    type(add, 'Name', 'Hook');
    type(add, 'URL', 'https://ci.example.com/hook');
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));

    expect(await screen.findByText('Signing secret must be base64 (16 to 64 bytes)')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(dialog('Add Webhook')).toBeTruthy();
  });

  it('falls back to the spec message when the server gives none', async () => {
    await openAdd();
    const add = dialog('Add Webhook');
    type(add, 'Name', 'Hook');
    type(add, 'URL', 'https://ci.example.com/hook');
    // No 'webhook.create' mock and a fetch that fails like a dropped connection.
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    vi.stubGlobal('fetch', failing);
    fireEvent.click(within(add).getByRole('button', { name: 'Create Webhook' }));

    expect(await screen.findByText('Failed to create webhook')).toBeTruthy();
  });
});

describe('Edit Webhook', () => {
  const saved = webhookFixture({
    authType: 'bearer',
    authToken: '********',
    description: 'Deploys',
  });

  it('starts from the saved values and keeps masked secrets', async () => {
    const server = renderPanel({
      'webhook.list': [saved],
      'webhook.update': (input: unknown) => ({ ...saved, ...(input as object) }),
    });
    await clickRowButton('Deploy hook', 'Edit');
    const edit = dialog('Edit Webhook');

    expect(within(edit).queryByRole('group', { name: 'Templates' })).toBeNull();
    expect(field(edit, 'Name').value).toBe('Deploy hook');
    expect(field(edit, 'Token').value).toBe('********');
    type(edit, 'Description', 'Deploys to production');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Webhook updated')).toBeTruthy();
    expect(server.callsTo('webhook.update')[0]?.input).toMatchObject({
      id: 'wh-1',
      authToken: '********',
      description: 'Deploys to production',
    });
    expect(server.callsTo('webhook.list').length).toBeGreaterThan(1);
  });

  it('clears the credentials a new auth type does not use', async () => {
    const server = renderPanel({
      'webhook.list': [saved],
      'webhook.update': (input: unknown) => ({ ...saved, ...(input as object) }),
    });
    await clickRowButton('Deploy hook', 'Edit');
    const edit = dialog('Edit Webhook');

    type(edit, 'Auth Type', 'basic');
    type(edit, 'Username', 'ada');
    type(edit, 'Password', 'pa55word');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Webhook updated')).toBeTruthy();
    expect(server.callsTo('webhook.update')[0]?.input).toMatchObject({
      authType: 'basic',
      authUser: 'ada',
      authPassword: 'pa55word',
      authToken: '',
    });
  });

  it('clears saved secrets when the URL moves to another host, and restores them on return', async () => {
    renderPanel({ 'webhook.list': [saved] });
    await clickRowButton('Deploy hook', 'Edit');
    const edit = dialog('Edit Webhook');

    type(edit, 'URL', 'https://hooks.example.com/other-path');
    expect(field(edit, 'Token').value).toBe('********');
    type(edit, 'URL', 'https://elsewhere.example.org/deploy');
    expect(field(edit, 'Token').value).toBe('');
    expect(within(edit).getByText(/Saved secrets do not move to a new host/)).toBeTruthy();
    type(edit, 'URL', 'https://hooks.example.com/deploy');
    expect(field(edit, 'Token').value).toBe('********');
    expect(within(edit).queryByText(/Saved secrets do not move to a new host/)).toBeNull();
  });

  it('shows the fallback when the update fails without a message', async () => {
    renderPanel({ 'webhook.list': [saved] });
    await clickRowButton('Deploy hook', 'Edit');
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    fireEvent.click(within(dialog('Edit Webhook')).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update webhook')).toBeTruthy();
  });
});

describe('Delete Webhook', () => {
  it('asks first, then deletes, toasts and refetches', async () => {
    const server = renderPanel({
      'webhook.list': [webhookFixture()],
      'webhook.delete': { success: true },
    });
    await clickRowButton('Deploy hook', 'Delete');
    const confirm = dialog('Delete Webhook');
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this webhook? This action cannot be undone.',
      ),
    ).toBeTruthy();

    server.procedures['webhook.list'] = [];
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Webhook deleted')).toBeTruthy();
    expect(server.callsTo('webhook.delete')[0]?.input).toEqual({ id: 'wh-1' });
    expect(await screen.findByText('No webhooks found')).toBeTruthy();
  });

  it('does nothing on Cancel', async () => {
    const server = renderPanel({ 'webhook.list': [webhookFixture()] });
    await clickRowButton('Deploy hook', 'Delete');
    fireEvent.click(within(dialog('Delete Webhook')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Webhook' })).toBeNull(),
    );
    expect(server.callsTo('webhook.delete')).toHaveLength(0);
  });

  it('shows the server message when the delete fails', async () => {
    renderPanel({
      'webhook.list': [webhookFixture()],
      'webhook.delete': () => {
        throw new TrpcMockError(404, 'Webhook not found');
      },
    });
    await clickRowButton('Deploy hook', 'Delete');
    fireEvent.click(within(dialog('Delete Webhook')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Webhook not found')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});
