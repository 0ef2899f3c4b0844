import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clickRowButton, dialog, field, tab, type } from '../../testing/dom';
import {
  executionFixture,
  integrationFixture,
  integrationProcedures,
} from '../../testing/integrationFixtures';
import { renderOnTrpc } from '../../testing/render';
import { type ProcedureMock, TrpcMockError } from '../../testing/trpcServer';
import { IntegrationsPanel } from './IntegrationsPanel';

/** The API Integrations tab on a fake server with one template and the given procedures. */
const renderPanel = (procedures: Record<string, ProcedureMock> = {}) =>
  renderOnTrpc(<IntegrationsPanel />, { ...integrationProcedures, ...procedures });

describe('Execute API Request', () => {
  const answer = {
    status: 200,
    statusText: 'OK',
    headers: {},
    body: { forecast: 'sunny' },
    durationMs: 8,
  };

  it('prefills the endpoint with baseUrl/version, GET and {} in every tab', async () => {
    renderPanel({ 'integration.list': [integrationFixture()] });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');

    expect(field(run, 'Endpoint').value).toBe('https://api.weather.example/2');
    expect(field(run, 'Method').value).toBe('GET');
    expect([...(field(run, 'Method') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
    ]);
    for (const name of ['Request Body', 'Query Parameters', 'Headers']) {
      fireEvent.click(tab(run, name));
      expect((within(run).getByRole('textbox', { name }) as HTMLTextAreaElement).value).toBe('{}');
    }
    expect(within(run).getByRole('region', { name: 'Response' })).toBeTruthy();
  });

  it('uses the bare base URL when there is no version', async () => {
    renderPanel({ 'integration.list': [integrationFixture({ version: null })] });
    await clickRowButton('Weather API', 'Execute');

    expect(field(dialog('Execute API Request'), 'Endpoint').value).toBe(
      'https://api.weather.example',
    );
  });

  it('disables Execute with an empty endpoint', async () => {
    renderPanel({ 'integration.list': [integrationFixture()] });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');
    const execute = () => within(run).getByRole('button', { name: 'Execute' }) as HTMLButtonElement;

    expect(execute().disabled).toBe(false);
    type(run, 'Endpoint', '   ');
    expect(execute().disabled).toBe(true);
  });

  it('refuses invalid JSON in any tab', async () => {
    const server = renderPanel({ 'integration.list': [integrationFixture()] });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');

    fireEvent.click(tab(run, 'Query Parameters'));
    fireEvent.change(within(run).getByRole('textbox', { name: 'Query Parameters' }), {
      target: { value: '{city: Paris}' },
    });
    fireEvent.click(tab(run, 'Request Body'));
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    expect(
      (await screen.findAllByText('Invalid JSON in one of the fields')).length,
    ).toBeGreaterThan(0);
    expect(tab(run, 'Query Parameters').getAttribute('aria-selected')).toBe('true');
    expect(server.callsTo('integration.execute')).toHaveLength(0);
  });

  it('sends the request and shows the answer', async () => {
    const server = renderPanel({
      'integration.list': [integrationFixture()],
      'integration.execute': answer,
    });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');

    type(run, 'Endpoint', '/forecast');
    type(run, 'Method', 'POST');
    fireEvent.change(within(run).getByRole('textbox', { name: 'Request Body' }), {
      target: { value: '{"days": 3}' },
    });
    fireEvent.click(tab(run, 'Query Parameters'));
    fireEvent.change(within(run).getByRole('textbox', { name: 'Query Parameters' }), {
      target: { value: '{"city": "Paris"}' },
    });
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    const shown = await within(run).findByTestId('response-json');
    expect(JSON.parse(shown.textContent ?? '')).toEqual(answer);
    expect(await screen.findByText('API request executed')).toBeTruthy();
    expect(server.callsTo('integration.execute')[0]?.input).toEqual({
      id: 'api-1',
      endpoint: '/forecast',
      method: 'POST',
      data: { days: 3 },
      params: { city: 'Paris' },
      headers: {},
    });
  });

  it('shows when the service asks to retry later', async () => {
    renderPanel({
      'integration.list': [integrationFixture()],
      'integration.execute': {
        ...answer,
        status: 429,
        statusText: 'Too Many Requests',
        retryAfter: 30,
      },
    });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    expect(await within(run).findByText('429 Too Many Requests')).toBeTruthy();
    expect(within(run).getByText('Retry after 30 s')).toBeTruthy();
  });

  it('shows a rate limit refusal in the panel and a toast', async () => {
    renderPanel({
      'integration.list': [integrationFixture()],
      'integration.execute': () => {
        throw new TrpcMockError(
          429,
          'Rate limit reached (2 requests per minute). Try again in 40 s.',
        );
      },
    });
    await clickRowButton('Weather API', 'Execute');
    const run = dialog('Execute API Request');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));

    const shown = await within(run).findByTestId('response-json');
    expect(JSON.parse(shown.textContent ?? '')).toEqual({
      error: 'Rate limit reached (2 requests per minute). Try again in 40 s.',
    });
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('clears the response when closed', async () => {
    renderPanel({ 'integration.list': [integrationFixture()], 'integration.execute': answer });
    await clickRowButton('Weather API', 'Execute');
    let run = dialog('Execute API Request');
    fireEvent.click(within(run).getByRole('button', { name: 'Execute' }));
    await within(run).findByTestId('response-json');

    fireEvent.click(within(run).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Execute API Request' })).toBeNull(),
    );
    await clickRowButton('Weather API', 'Execute');
    run = dialog('Execute API Request');
    expect(within(run).queryByTestId('response-json')).toBeNull();
  });
});

describe('API integration history', () => {
  it('lists the executions of the integration', async () => {
    const server = renderPanel({
      'integration.list': [integrationFixture()],
      'integration.executions': [executionFixture({ method: 'GET', status: 429, error: null })],
    });
    await clickRowButton('Weather API', 'History');

    const list = await screen.findByRole('list', { name: 'Executions' });
    expect(within(list).getByText('429')).toBeTruthy();
    expect(within(list).getByText('GET')).toBeTruthy();
    expect(server.callsTo('integration.executions')[0]?.input).toEqual({ id: 'api-1' });
  });
});
