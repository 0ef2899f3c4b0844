// The build's server-side entry (vite-prerender.ts): renders public pages to HTML at build time,
// so the browser paints them from the HTML and CSS alone and then hydrates them (main.tsx).
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './App';
import { routes } from './routes';

/** A prerendered page: its HTML, and the requests it makes as it first renders. */
export type RenderedPage = { html: string; requests: string[] };

/**
 * The HTML of the app at `path` as its first render in the browser draws it: a visitor's, whose
 * session is still loading, in the default colour scheme. Lazily loaded pages are waited for.
 * The requests the page makes as it renders (the dashboard asks about the model) are recorded,
 * not sent: the page's HTML asks for them, so their answers are on the way with the app's code.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const requests: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input) => {
    requests.push(String(input));
    throw new Error('Nothing is fetched while prerendering');
  };
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, 'http://localhost')));
    if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
    const router = createStaticRouter(handler.dataRoutes, context);
    // No hydration data: the routes load nothing, and the script it is sent in would be inline.
    const { prelude } = await prerender(
      <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />,
      // Every part in place, none sent after the rest with an (inline, forbidden) script to move it.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    // Requests are batched (tRPC) and go out a moment after they are made.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { html, requests };
  } finally {
    globalThis.fetch = realFetch;
  }
}
