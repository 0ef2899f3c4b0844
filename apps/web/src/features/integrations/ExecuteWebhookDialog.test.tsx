import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clickRowButton, dialog, field, type } from '../../testing/dom';
import {
  executionFixture,
  webhookFixture,
  webhookProcedures,
} from '../../testing/integrationFixtures';
import { renderOnTrpc } from '../../testing/render';
import { type ProcedureMock, TrpcMockError } from '../../testing/trpcServer';
import { WebhooksPanel } from './WebhooksPanel';

/** The Webhooks tab on a fake server with two templates and the given procedures. */
const renderPanel = (procedures: Record<string, ProcedureMock> = {}) =>
  renderOnTrpc(<WebhooksPanel />, { ...webhookProcedures, ...procedures });

describe('Execute Webhook', () => {
  const answer = {
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'application/json' },
    body: { received: { hello: 'world' } },
    durationMs: 12,
  };

  it('starts with {} and an empty response, refuses invalid JSON', async () => {
    const server = renderPanel({ 'webhook.list': [webhookFixture()] });
    await clickRowButton('Deploy hook', 'Execute');
    const run = dialog('Execute Webhook');

    expect(field(run, 'Payload').value).toBe('{}');
    expect(within(run).queryByTestId('response-json')).toBeNull();
    type(run, 'Payload', '{"hello": ');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    expect(await within(run).findByText('Invalid JSON payload')).toBeTruthy();
    expect(server.callsTo('webhook.execute')).toHaveLength(0);
  });

  it('disables Execute and spins while running, then shows the answer as indented JSON', async () => {
    let reply: (value: unknown) => void = () => {};
    const server = renderPanel({
      'webhook.list': [webhookFixture()],
      'webhook.execute': () => new Promise((resolve) => (reply = resolve)),
    });
    await clickRowButton('Deploy hook', 'Execute');
    const run = dialog('Execute Webhook');
    type(run, 'Payload', '{"hello": "world"}');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    expect(await within(run).findByLabelText('Running')).toBeTruthy();
    expect(
      (within(run).getByRole('button', { name: 'Execute' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(server.callsTo('webhook.execute')[0]?.input).toEqual({
      id: 'wh-1',
      payload: { hello: 'world' },
    });

    reply(answer);
    const shown = await within(run).findByTestId('response-json');
    expect(shown.textContent).toBe(JSON.stringify(answer, null, 2));
    expect(within(run).getByText('200 OK')).toBeTruthy();
    expect(await screen.findByText('Webhook executed')).toBeTruthy();
    expect(
      (within(run).getByRole('button', { name: 'Execute' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('sends an empty payload as {}', async () => {
    const server = renderPanel({ 'webhook.list': [webhookFixture()], 'webhook.execute': answer });
    await clickRowButton('Deploy hook', 'Execute');
    const run = dialog('Execute Webhook');
    type(run, 'Payload', '  ');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    await within(run).findByTestId('response-json');
    expect(server.callsTo('webhook.execute')[0]?.input).toEqual({ id: 'wh-1', payload: {} });
  });

  it('shows a failure as { error } and a destructive toast', async () => {
    renderPanel({
      'webhook.list': [webhookFixture()],
      'webhook.execute': () => {
        throw new TrpcMockError(504, 'The request timed out after 30000 ms');
      },
    });
    await clickRowButton('Deploy hook', 'Execute');
    const run = dialog('Execute Webhook');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    const shown = await within(run).findByTestId('response-json');
    expect(JSON.parse(shown.textContent ?? '')).toEqual({
      error: 'The request timed out after 30000 ms',
    });
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('forgets payload and response when closed', async () => {
    renderPanel({ 'webhook.list': [webhookFixture()], 'webhook.execute': answer });
    await clickRowButton('Deploy hook', 'Execute');
    let run = dialog('Execute Webhook');
    type(run, 'Payload', '{"a": 1}');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));
    await within(run).findByTestId('response-json');

    fireEvent.click(within(run).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Execute Webhook' })).toBeNull(),
    );
    await clickRowButton('Deploy hook', 'Execute');
    run = dialog('Execute Webhook');
    expect(field(run, 'Payload').value).toBe('{}');
    expect(within(run).queryByTestId('response-json')).toBeNull();
  });
});

describe('Webhook history', () => {
  it('lists executions newest first with status, duration and error', async () => {
    const server = renderPanel({
      'webhook.list': [webhookFixture()],
      'webhook.executions': [
        executionFixture({ id: 'old', createdAt: '2025-01-01T09:00:00.000Z', durationMs: 7 }),
        executionFixture({
          id: 'new',
          createdAt: '2025-01-03T09:00:00.000Z',
          status: null,
          durationMs: 30001,
          responseBytes: null,
          responseBody: null,
          error: 'The request timed out after 30000 ms',
        }),
      ],
    });
    await clickRowButton('Deploy hook', 'History');

    const list = await screen.findByRole('list', { name: 'Executions' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('No reply')).toBeTruthy();
    expect(within(entries[0]!).getByText('The request timed out after 30000 ms')).toBeTruthy();
    expect(within(entries[0]!).getByText(/30001 ms/)).toBeTruthy();
    expect(within(entries[1]!).getByText('200')).toBeTruthy();
    expect(within(entries[1]!).getByText(/7 ms/)).toBeTruthy();
    expect(server.callsTo('webhook.executions')[0]?.input).toEqual({ id: 'wh-1' });
  });

  it('says when there are no executions yet', async () => {
    renderPanel({ 'webhook.list': [webhookFixture()], 'webhook.executions': [] });
    await clickRowButton('Deploy hook', 'History');

    expect(await screen.findByText(/No executions yet/)).toBeTruthy();
  });
});
