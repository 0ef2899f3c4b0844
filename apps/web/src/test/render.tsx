import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../AppProviders';
import { routes } from '../routes';
import type { SessionContextValue } from '../session';

type RenderOptions = {
  /** The URL the router starts at. */
  path?: string;
  /** Session to provide; a visitor when omitted. */
  session?: SessionContextValue;
};

/** Renders a component inside the app's providers (test mode) and a memory router. */
export function renderWithProviders(ui: ReactElement, { path = '/', session }: RenderOptions = {}) {
  return render(
    <AppProviders env="test" session={session}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Renders the real route table (layout, header, footer) at `path`. */
export function renderApp(path: string, { session }: Omit<RenderOptions, 'path'> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders env="test" session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
