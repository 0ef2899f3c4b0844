import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './testing/render';
import { mockPendingServer, mockServer } from './testing/restServer';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: null };

describe('route table', () => {
  it.each(['/no/such/page', '/dashboards', '/docs/unknown'])(
    'shows the not-found page for %s inside the shared layout',
    async (path) => {
      renderApp(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeTruthy();
      expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
      // The shared header and footer stay around the not-found page.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
    },
  );

  it('renders the landing page at /', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it.each([
    ['/docs', 'Documentation'],
    ['/pricing', 'Pricing'],
    ['/code-test', 'Code Execution Test'],
    ['/dexlink', 'IDE'],
  ])('renders the complete page at %s', { timeout: 20_000 }, async (path, title) => {
    renderApp(path);

    // The page's module loads on first visit; on a busy machine that takes a few seconds.
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: title },
      { timeout: 15_000 },
    );
    expect(heading).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    expect(screen.queryByText('Not available yet')).toBeNull();
  });
});

describe('/integrations guard', () => {
  it('shows a loader while the session loads', async () => {
    mockPendingServer();
    const { router } = renderApp('/integrations', { session: 'server' });

    const main = screen.getByRole('main');
    expect(await within(main).findByLabelText('Loading session')).toBeTruthy();
    expect(within(main).queryByRole('heading', { name: 'Integrations' })).toBeNull();
    expect(router.state.location.pathname).toBe('/integrations');
  });

  it('sends a visitor to /auth', async () => {
    mockServer({ 'GET /api/user': { status: 401, json: { error: 'Not signed in' } } });
    const { router } = renderApp('/integrations', { session: 'server' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
  });

  it('shows the page to a signed-in user', async () => {
    mockServer({ 'GET /api/user': { json: ada } });
    const { router } = renderApp('/integrations', { session: 'server' });

    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Integrations' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/integrations');
  });
});
