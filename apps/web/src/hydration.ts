import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React renders the page at build time (prerender.tsx) and while it hydrates that
 * HTML in the browser (main.tsx); true in every other render. What the browser alone knows (the
 * saved colour scheme, the current year) is shown only once it is true, so the first render in
 * the browser matches the prerendered HTML; React renders again right after hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
