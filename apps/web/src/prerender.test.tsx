import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { renderPage } from './prerender';
import { routes } from './routes';
import { mockPendingServer } from './testing/restServer';

/**
 * The HTML of `path` as the build prerenders it. React's server renderer leaves the last values it
 * gave contexts in place (the build renders nothing else); here the same React then hydrates, so
 * an empty render puts them back.
 */
async function prerendered(path: string) {
  const { html } = await renderPage(path);
  await prerender(<span />);
  return html;
}

/**
 * Hydrates `html` as main.tsx does with a prerendered page (the page's <title> is in the head,
 * where vite-prerender.ts puts it) and returns the errors React recovered from: a mismatch between
 * the HTML and the browser's first render.
 */
async function hydrate(path: string, html: string) {
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0];
  if (title) document.head.insertAdjacentHTML('beforeend', title);
  const root = document.createElement('div');
  root.innerHTML = title ? html.replace(title, '') : html;
  document.body.append(root);
  const errors: unknown[] = [];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => {
    hydrateRoot(root, <App router={<RouterProvider router={router} />} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { root, errors };
}

afterEach(() => {
  for (const title of document.head.querySelectorAll('title')) title.remove();
  document.body.replaceChildren();
});

describe('prerendered pages', () => {
  it.each([
    ['/', 'Describe a goal. Flows plans the tasks'],
    ['/docs', 'How to set goals, follow and control runs'],
    ['/dashboard', 'Loading page'],
  ])(
    '%s has its content in the HTML, no script, and hydrates without a mismatch',
    {
      timeout: 20_000,
    },
    async (path, content) => {
      mockPendingServer();
      const html = await prerendered(path);
      expect(html).toContain(content);
      expect(html).not.toContain('<script');

      const { root, errors } = await hydrate(path, html);
      // The page's lazily loaded module arrives, and the page hydrates.
      await screen.findByRole('banner');
      await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(errors).toEqual([]);
      expect(root.textContent).toContain(path === '/dashboard' ? '' : content);
    },
  );

  it('records the requests a page makes as it renders, for its HTML to make them early', async () => {
    expect((await renderPage('/dashboard')).requests).toEqual([
      `/trpc/system.model?batch=1&input=${encodeURIComponent('{}')}`,
    ]);
    await prerender(<span />);
    expect((await renderPage('/')).requests).toEqual([]);
    await prerender(<span />);
  });

  it("shows the browser's saved colour scheme once hydrated", async () => {
    mockPendingServer();
    window.localStorage.setItem('theme', 'light');
    const html = await prerendered('/');
    expect(html).toContain('Colour theme: Dark');

    const { errors } = await hydrate('/', html);
    expect(await screen.findByRole('button', { name: 'Colour theme: Light' })).toBeTruthy();
    expect(errors).toEqual([]);
    window.localStorage.removeItem('theme');
  });
});
