import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { mockPendingServer, mockServer } from '../testing/restServer';
import { type SessionContextValue, useSession } from '.';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: 'Ada Lovelace' };

/** Shows the session and hands its value to the test. */
function renderSession() {
  const current: { value?: SessionContextValue } = {};
  function Probe() {
    const session = useSession();
    current.value = session;
    if (session.isLoading) return <p>loading</p>;
    return <p>{session.user ? `signed in as ${session.user.username}` : 'visitor'}</p>;
  }
  renderWithProviders(<Probe />, { session: 'server' });
  return current;
}

describe('useSession', () => {
  it('throws outside a SessionProvider', () => {
    function Probe() {
      useSession();
      return null;
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useSession must be used within a SessionProvider');
    consoleError.mockRestore();
  });
});

describe('SessionProvider', () => {
  it('is loading until GET /api/user answers', () => {
    mockPendingServer();
    renderSession();

    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('treats a 401 from GET /api/user as nobody signed in', async () => {
    const calls = mockServer({
      'GET /api/user': { status: 401, json: { error: 'Not signed in' } },
    });
    renderSession();

    expect(await screen.findByText('visitor')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('loads the signed-in user once', async () => {
    const calls = mockServer({ 'GET /api/user': { json: ada } });
    renderSession();

    expect(await screen.findByText('signed in as ada')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/user')).toHaveLength(1);
  });

  it('sets the user on login and clears it on logout', async () => {
    const calls = mockServer({
      'GET /api/user': { status: 401, json: { error: 'Not signed in' } },
      'POST /api/login': { json: ada },
      'POST /api/logout': { json: { success: true } },
    });
    const session = renderSession();
    await screen.findByText('visitor');

    await act(() => session.value?.login('ada', 'correct horse'));
    expect(await screen.findByText('signed in as ada')).toBeTruthy();
    const loginCall = calls.find((call) => call.path === '/api/login');
    expect(loginCall?.body).toEqual({ username: 'ada', password: 'correct horse' });
    expect(loginCall?.headers.get('Content-Type')).toBe('application/json');

    await act(() => session.value?.logout());
    expect(await screen.findByText('visitor')).toBeTruthy();
  });

  it('sets the user on register', async () => {
    mockServer({
      'GET /api/user': { status: 401, json: { error: 'Not signed in' } },
      'POST /api/register': { status: 201, json: ada },
    });
    const session = renderSession();
    await screen.findByText('visitor');

    await act(() =>
      session.value?.register({
        username: 'ada',
        email: 'ada@example.com',
        password: 'x'.repeat(8),
      }),
    );
    expect(await screen.findByText('signed in as ada')).toBeTruthy();
  });

  it('keeps the user when logout fails and rejects with the server answer', async () => {
    mockServer({
      'GET /api/user': { json: ada },
      'POST /api/logout': { status: 500, json: { error: 'Session store down' } },
    });
    const session = renderSession();
    await screen.findByText('signed in as ada');

    await expect(session.value?.logout()).rejects.toThrow('500: {"error":"Session store down"}');
    // Give a wrongly cleared user the chance to show before checking it did not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('signed in as ada')).toBeTruthy();
  });
});
