import { type ReactNode, StrictMode } from 'react';
import { AppProviders } from './AppProviders';

/**
 * The Flows web app around its router: the browser's (main.tsx) or one fixed page's
 * (prerender.tsx). Both render this same tree, which lets the browser hydrate the prerendered HTML.
 */
export function App({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>{router}</AppProviders>
    </StrictMode>
  );
}
