import { describe, expect, it } from 'vitest';
import { useBrowser } from './support';

const browser = useBrowser({ viewport: { width: 412, height: 823 } });

/** The prerendered pages (vite-prerender.ts) and text their HTML shows before any script runs. */
const pages = [
  ['/', 'Describe a goal. Flows plans the tasks'],
  ['/docs', 'How to set goals, follow and control runs'],
  ['/dashboard', 'Loading page'],
] as const;

describe('prerendered pages', () => {
  it('are sent with their content in the HTML, and the other paths without', async () => {
    const { page } = browser;
    for (const [path, text] of pages) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html, path).toContain(text);
    }
    // The open tab is in the query: that page is rendered in the browser.
    for (const path of ['/docs?tab=api', '/pricing']) {
      expect(await (await page.request.get(path)).text(), path).toContain('<div id="root"></div>');
    }
  });

  it('show their content without JavaScript', async () => {
    const context = await browser.context.browser()!.newContext({
      baseURL: browser.baseUrl,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
      await page.goto('/docs');
      await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
      await page.getByRole('heading', { name: 'Quick start' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    ['dark', 'Colour theme: Dark'],
    ['light', 'Colour theme: Light'],
    ['auto', 'Colour theme: System'],
  ])('hydrate in place, without errors, in the saved %s scheme', async (scheme, themeLabel) => {
    const { page } = browser;
    await page.addInitScript((saved) => {
      window.localStorage.setItem('theme', saved);
      // Marks the prerendered header before the app's scripts run: hydrating keeps the node.
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          document.querySelector('header')?.setAttribute('data-prerendered-node', '');
        }
      });
    }, scheme);
    for (const [path] of pages) {
      await page.goto(path);
      // Hydrated: the theme menu shows the saved scheme and opens.
      await page.getByRole('button', { name: themeLabel }).click();
      await page.getByRole('menuitem', { name: 'Light' }).waitFor();
      await page.keyboard.press('Escape');
      if (path === '/dashboard') {
        await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ state: 'attached' });
      }
      expect(await page.locator('header[data-prerendered-node]').count(), path).toBe(1);
    }
    // A mismatch between the HTML and the first render is an uncaught error (React #418).
    expect(browser.errors).toEqual([]);
  });
});
