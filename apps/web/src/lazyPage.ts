import { type ComponentType, lazy } from 'react';

/**
 * Lazily loads a page exported by name, so it ships in its own chunk, together with all of
 * Mantine's styles (the first load has only the layout's and the landing page's).
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  exportName: keyof M & string,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), import('./mantineStyles')]);
    return { default: module[exportName] as ComponentType };
  });
}
