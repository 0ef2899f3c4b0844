import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { SessionContextValue } from '../../session';
import { renderWithProviders } from '../../testing/render';
import { Header } from './Header';

const ada = { id: 'b3c1f0de-0000-4000-8000-000000000001', username: 'ada' };

const signedIn = (overrides: Partial<SessionContextValue> = {}) => ({
  user: ada,
  isLoading: false,
  logout: vi.fn(async () => {}),
  ...overrides,
});

/** Prints where the router is, to check where a button navigated. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

describe('Header', () => {
  it('links the logo to the home page', () => {
    renderWithProviders(<Header />);

    expect(screen.getByRole('link', { name: 'Flows' }).getAttribute('href')).toBe('/');
  });

  it('shows the navigation row with the IDE entry flagged New', () => {
    renderWithProviders(<Header />, { path: '/pricing' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Documentation', '/docs'],
      ['Pricing', '/pricing'],
      ['Integrations', '/integrations'],
      ['IDENew', '/dexlink'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Pricing');
  });

  it('offers Login and Register to visitors', () => {
    renderWithProviders(<Header />);

    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/auth?tab=register',
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a signed-in user the Dashboard link and their display name', () => {
    const user = { ...ada, displayName: 'Ada Lovelace' };
    renderWithProviders(<Header />, { path: '/pricing', session: signedIn({ user }) });

    const banner = screen.getByRole('banner');
    const dashboard = within(banner).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(dashboard.hasAttribute('aria-current')).toBe(false);
    expect(within(banner).getByText('Ada Lovelace').textContent).toBe('Signed in as Ada Lovelace');
    expect(within(banner).queryByText('ada')).toBeNull();
  });

  it('names a user without a display name by username, and marks Dashboard on the dashboard', () => {
    renderWithProviders(<Header />, {
      path: '/dashboard',
      session: signedIn({ user: { ...ada, displayName: '  ' } }),
    });

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('ada').textContent).toBe('Signed in as ada');
    expect(
      within(banner).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('lists the name and the Dashboard link in the small-screen menu too', async () => {
    renderWithProviders(<Header />, { session: signedIn() });

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    // The drawer's code loads on the first open.
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(menu).getByText('ada')).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('shows nothing account-related while the session is loading', () => {
    renderWithProviders(<Header />, { session: { ...signedIn(), user: null, isLoading: true } });

    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shows History, Settings and Logout to a signed-in user and calls their handlers', async () => {
    const session = signedIn();
    const onHistoryClick = vi.fn();
    const onSettingsClick = vi.fn();
    renderWithProviders(
      <Header onHistoryClick={onHistoryClick} onSettingsClick={onSettingsClick} />,
      { session },
    );

    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(onHistoryClick).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onSettingsClick).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('You have been logged out successfully.')).toBeTruthy();
  });

  it('reports a failed logout with the server message', async () => {
    const session = signedIn({
      logout: vi.fn(async () =>
        Promise.reject(new ApiError(503, JSON.stringify({ error: 'Session store down' }))),
      ),
    });
    renderWithProviders(<Header />, { session });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('Logout failed')).toBeTruthy());
    expect(screen.getByText('Session store down')).toBeTruthy();
  });

  it('reports a failed logout without a server message with the default text', async () => {
    const session = signedIn({
      logout: vi.fn(async () => Promise.reject(new ApiError(502, '', 'Bad Gateway'))),
    });
    renderWithProviders(<Header />, { session });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed. Please try again.')).toBeTruthy();
  });

  it.each([
    ['History', '/dashboard?panel=history'],
    ['Settings', '/dashboard?panel=settings'],
  ])('sends %s to the dashboard panel when no handler is given', (button, target) => {
    renderWithProviders(
      <>
        <Header />
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </>,
      { path: '/pricing', session: signedIn() },
    );

    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(target);
  });

  it('hides History and Settings in the simplified variant, and Dashboard when not flagged', () => {
    renderWithProviders(
      <Header
        simplified
        showDashboardButton={false}
        onHistoryClick={() => {}}
        onSettingsClick={() => {}}
      />,
      { session: signedIn() },
    );

    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('opens a small-screen menu with the same links', async () => {
    renderWithProviders(<Header />);

    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);

    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/docs', '/pricing', '/integrations', '/dexlink']);
    expect(screen.getAllByRole('link', { name: 'Register' })).toHaveLength(2);
  });
});
