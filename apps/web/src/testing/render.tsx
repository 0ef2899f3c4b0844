import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../AppProviders';
import { routes } from '../routes';
import { type SessionContextValue, visitorSession } from '../session';
import { mockTrpc, type ProcedureMock } from './trpcServer';

type RenderOptions = {
  /** The URL the router starts at. */
  path?: string;
  /**
   * The session. Omitted: a visitor. Fields given replace the visitor's (a `user` signs someone
   * in). 'server': the app's real session, loaded through `fetch` (mock it with `mockServer`).
   */
  session?: Partial<SessionContextValue> | 'server';
};

/** Render options with someone signed in. */
export const signedIn = { session: { user: { id: 'u1', username: 'ada' } } };

function sessionValue(session: RenderOptions['session']): SessionContextValue | undefined {
  if (session === 'server') return undefined;
  return { ...visitorSession, ...session };
}

/** Renders a component inside the app's providers (test mode) and a memory router. */
export function renderWithProviders(ui: ReactElement, { path = '/', session }: RenderOptions = {}) {
  return render(
    <AppProviders env="test" session={sessionValue(session)}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Renders the real route table (layout, header, footer) at `path`. */
export function renderApp(path: string, { session }: Omit<RenderOptions, 'path'> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders env="test" session={sessionValue(session)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/**
 * Renders `ui` for a signed-in user on a fake tRPC server answering `procedures` (see
 * `mockTrpc`), and returns the server.
 */
export function renderOnTrpc(ui: ReactElement, procedures: Record<string, ProcedureMock>) {
  const server = mockTrpc(procedures);
  renderWithProviders(ui, signedIn);
  return server;
}
