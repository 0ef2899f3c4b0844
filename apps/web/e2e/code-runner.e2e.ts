import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, scriptModel, useWorkspace } from './support';

const app = useWorkspace();

// A run goes on on the server after its test ends, so each rule names its own test's goal.

/** Scripts the answer of the run's drafting task (the second of the demo's three). */
async function scriptDraft(goal: string, reply: string) {
  await scriptModel({
    match: new RegExp(`Your current task: Draft the answer for: ${goal}`),
    reply,
  });
}

/** The console lines of the `index`th code block in `language` under `scope`. */
function consoleLines(scope: Locator | Page, language: string, index = 0): Locator {
  return scope
    .getByRole('list', { name: `${language} console output` })
    .nth(index)
    .getByRole('listitem');
}

async function linesOf(lines: Locator): Promise<string[]> {
  return (await lines.allTextContents()).map((line) => line.trim());
}

/** Waits until one of `lines` reads `text` (a string matches exactly). */
async function seeLine(lines: Locator, text: string | RegExp): Promise<void> {
  const line =
    typeof text === 'string' ? lines.getByText(text, { exact: true }) : lines.getByText(text);
  await line.first().waitFor({ timeout: 15_000 });
}

/**
 * Scrolls a frame to the middle of the window: clicks inside a frame are aimed at the window's
 * coordinates, and near the top the app's sticky header would take them.
 */
async function centre(frame: Locator): Promise<void> {
  await frame.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

/**
 * Clicks `button` in a frame until `shown` is visible. A click is aimed at where the frame was:
 * when a block above it resizes in between (a frame following its content), the click lands
 * beside the button and nothing happens, so it is aimed again. A click that did land is never
 * repeated, so a count the click raises stays exact.
 */
async function clickUntilShown(button: Locator, shown: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await shown.isVisible())) await button.click();
        return shown.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The section of the Code Execution Test page headed `title`. */
function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The frame of the Code Execution Test page's run output for `language`. */
function outputFrame(scope: Locator | Page, language: string): FrameLocator {
  return scope.locator(`iframe[title="${language} code output"]`).contentFrame();
}

const ANSWER = `## Tide report

The **tides** follow the moon. See [the almanac](https://example.com/tides).

| Place | High tide |
|-------|-----------|
| Brest | 06:10 |
| Cadiz | 07:45 |

1. Check the chart
2. Pick a time

- Bring boots
- Bring a map

\`\`\`javascript
const heights = [1.2, 2.4, 3.1];
console.log('Highest:', Math.max(...heights));
console.info('Places', { count: 2 });
console.warn('Spring tide ahead');
console.error('Chart is old');
Promise.reject(new Error('tide table missing'));
\`\`\`

\`\`\`javascript
const tide = { height: 2 };
const moon = null;
console.log('before the error');
tide.level = moon.phase;
\`\`\``;

describe('results people can read and run', () => {
  it("renders a result's Markdown and runs its JavaScript blocks, errors with line and column", async () => {
    const { page } = app;
    const goal = 'Explain the tides at Brest and Cadiz';
    await scriptDraft(goal, ANSWER);
    await app.startFlow(goal);
    await app.waitForFinalAnswer();
    const feed = app.stepFeed();

    // Markdown: a heading, a real table, an ordered and an unordered list, a safe link.
    await feed.getByRole('heading', { name: 'Tide report' }).waitFor();
    const table = feed.getByRole('table');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Place', 'High tide']);
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('cell', { name: 'Cadiz' }).count()).toBe(1);
    expect(
      await feed
        .locator('ol > li')
        .filter({ hasText: /^Check the chart$/ })
        .count(),
    ).toBe(1);
    expect(await feed.locator('ul > li').allTextContents()).toEqual(['Bring boots', 'Bring a map']);
    const link = feed.getByRole('link', { name: 'the almanac' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await feed.getByText('**tides**').count()).toBe(0);

    // The first block: its console output, every level, and the unhandled rejection.
    await feed.getByRole('button', { name: 'Run javascript code' }).first().click();
    const first = consoleLines(feed, 'javascript', 0);
    await seeLine(first, 'Unhandled Promise Rejection: tide table missing');
    expect(await linesOf(first)).toEqual([
      'Highest: 3.1',
      'Places {"count":2}',
      'Spring tide ahead',
      'Chart is old',
      'Unhandled Promise Rejection: tide table missing',
    ]);
    expect(await first.nth(2).getAttribute('data-type')).toBe('warn');
    expect(await first.nth(3).getAttribute('data-type')).toBe('error');
    const frame = feed.locator('iframe[title="javascript code output"]').first();
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');

    // The second block: a runtime error with its line and column.
    await feed.getByRole('button', { name: 'Run javascript code' }).nth(1).click();
    const second = consoleLines(feed, 'javascript', 1);
    await seeLine(second, /\(line 4, column \d+\)$/);
    expect(await linesOf(second)).toEqual([
      'before the error',
      expect.stringMatching(
        /^Uncaught TypeError: Cannot read properties of null \(reading 'phase'\) \(line 4, column \d+\)$/,
      ),
    ]);

    // Hidden, the output says how the run went; shown again on a click.
    const secondBlock = feed.getByRole('group', { name: 'javascript code block' }).nth(1);
    await secondBlock.getByRole('button', { name: 'Hide' }).click();
    await secondBlock.getByText('Error occurred (click to view)').click();
    await seeLine(second, 'before the error');
    await saveScreenshot(page, 'code-runner-result');

    // The task list keeps two plain lines, and shows the whole result on demand.
    const draft = app.taskList().getByRole('listitem').nth(1);
    expect(await draft.textContent()).toContain('Tide report The tides follow the moon.');
    await draft.getByRole('button', { name: 'Show result' }).click();
    await draft.getByRole('table').waitFor();
    expect(await draft.getByRole('button', { name: 'Run javascript code' }).count()).toBe(2);
    // The only uncaught errors are the framed code's own (Playwright reports frames' errors too).
    expect(app.errors.map((error) => error.message)).toEqual([
      'tide table missing',
      "Cannot read properties of null (reading 'phase')",
    ]);
  });

  it('keeps framed code away from cookies, storage, the app and its API', async () => {
    const { page, context } = app;
    const username = await app.signUp('escape');
    const goal = 'Show me a script that peeks around';
    const peeking = [
      'const attempt = (name, read) => {',
      '  try {',
      "    console.log(name + ' read: ' + String(read()));",
      '  } catch (error) {',
      "    console.error(name + ' blocked: ' + error.name);",
      '  }',
      '};',
      "attempt('document.cookie', () => document.cookie);",
      "attempt('localStorage', () => localStorage.getItem('flows_current_task_id'));",
      "attempt('parent.document', () => parent.document.cookie);",
      "attempt('top navigation', () => { top.location.href = '/hijacked'; return 'navigated'; });",
      "fetch('/api/user', { credentials: 'include' })",
      "  .then((response) => response.text().then((body) => console.log('fetch read: ' + response.status + ' ' + body)))",
      "  .catch((error) => console.error('fetch blocked: ' + error.name));",
    ].join('\n');
    await scriptDraft(goal, `Here it is.\n\n\`\`\`js\n${peeking}\n\`\`\``);

    // What the app's API is asked from inside frames, and with which cookies.
    const framedCalls: { url: string; cookie: string | undefined }[] = [];
    page.on('request', async (request) => {
      const frame: Frame | null = (() => {
        try {
          return request.frame();
        } catch {
          return null;
        }
      })();
      if (!frame || frame === page.mainFrame() || !request.url().includes('/api/')) return;
      const headers = await request.allHeaders();
      framedCalls.push({ url: request.url(), cookie: headers.cookie });
    });

    await app.startFlow(goal);
    await app.waitForFinalAnswer();
    const feed = app.stepFeed();
    const appUrl = page.url();
    await feed.getByRole('button', { name: 'Run js code' }).click();
    const lines = consoleLines(feed, 'js');
    await seeLine(lines, /^fetch (blocked|read)/);
    const output = await linesOf(lines);
    expect(output).toEqual([
      'document.cookie blocked: SecurityError',
      'localStorage blocked: SecurityError',
      'parent.document blocked: SecurityError',
      expect.stringMatching(/^top navigation blocked: /),
      'fetch blocked: TypeError',
    ]);

    // Nothing of the session reached the frame, and the app stayed where it was.
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    const text = output.join('\n');
    expect(text).not.toContain(username);
    for (const cookie of cookies) expect(text).not.toContain(cookie.value);
    for (const call of framedCalls) {
      for (const cookie of cookies) expect(call.cookie ?? '').not.toContain(cookie.value);
    }
    expect(page.url()).toBe(appUrl);
    const frame = feed.locator('iframe[title="js code output"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(
      await frame
        .contentFrame()
        .locator('body')
        .evaluate(() => window.origin),
    ).toBe('null');
    expect(app.errors).toEqual([]);
  });
});

describe('the Code Execution Test page', () => {
  it('renders TSX, and HTML in visual mode at its own height', async () => {
    const { page } = app;
    await page.goto('/code-test');
    await page.getByRole('heading', { level: 1, name: 'Code Execution Test' }).waitFor();

    const tsx = section(page, 'TSX Example');
    await tsx.getByRole('button', { name: 'Run tsx code' }).click();
    await seeLine(consoleLines(tsx, 'tsx'), 'Rendering the counter');
    await tsx.getByText('Visual', { exact: true }).click();
    const rendered = outputFrame(tsx, 'tsx');
    await rendered.getByRole('heading', { name: 'Count: 1' }).waitFor();
    await centre(tsx.locator('iframe[title="tsx code output"]'));
    await clickUntilShown(
      rendered.getByRole('button', { name: 'Add one' }),
      rendered.getByRole('heading', { name: 'Count: 2' }),
    );

    const html = section(page, 'HTML Example');
    await html.getByRole('button', { name: 'Run html code' }).click();
    const page1 = outputFrame(html, 'html');
    await page1.getByRole('heading', { name: 'Hello from HTML' }).waitFor();
    // HTML forces visual mode.
    expect(await html.getByRole('radio', { name: 'Visual' }).isChecked()).toBe(true);
    // The frame takes the content's height plus 20 px instead of the 300 px default. It settles
    // before the click: a frame resizing under the pointer can move the button away from it.
    const frame = html.locator('iframe[title="html code output"]');
    await page.waitForFunction(
      (element) => element !== null && element.getBoundingClientRect().height !== 300,
      await frame.elementHandle(),
    );
    const contentHeight = await page1
      .locator('html')
      .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(
      contentHeight + 20,
    );
    await centre(frame);
    await clickUntilShown(
      page1.getByRole('button', { name: 'Click me' }),
      page1.getByText('Clicked 1 times.'),
    );
    await seeLine(consoleLines(html, 'html'), 'Clicked 1');
    await html.getByText('Console', { exact: true }).click();
    await html
      .getByText('HTML is rendered in the preview panel. Switch to visual mode to see it.')
      .waitFor();
    await saveScreenshot(page, 'code-test-runs');
    expect(app.errors).toEqual([]);
  });

  it('shows CSS on the demo page, in the block and in the standalone panel', async () => {
    const { page } = app;
    await page.goto('/code-test');
    const css = section(page, 'CSS Example');
    await css.getByRole('button', { name: 'Run css code' }).click();
    await css.getByText('CSS is applied to the demo elements in the preview panel.').waitFor();
    await css.getByText('Visual', { exact: true }).click();
    const demo = outputFrame(css, 'css');
    await demo.getByText('Column 3').waitFor();

    await page.getByRole('button', { name: 'Preview CSS on the demo page' }).click();
    const panel = page.getByRole('region', { name: 'CSS Preview' });
    await panel.getByText('Live Preview', { exact: true }).waitFor();
    const frame = panel.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const box = await frame.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.height).toBe(Math.min(viewport.height * 0.6, 500));
    const shown = frame.contentFrame();
    await shown.getByRole('heading', { name: 'Heading 1' }).waitFor();
    for (const name of ['Button', 'Primary Button', 'Secondary Button']) {
      await shown.getByRole('button', { name, exact: true }).waitFor();
    }
    expect(await shown.getByRole('textbox').count()).toBe(3);
    for (const column of ['Column 1', 'Column 2', 'Column 3']) {
      await shown.getByRole('heading', { name: column }).waitFor();
    }
    const color = await shown
      .getByRole('heading', { name: 'Heading 1' })
      .evaluate((heading) => getComputedStyle(heading).color);
    expect(color).toBe('rgb(124, 58, 237)');
    // Three columns side by side.
    const tops = await shown
      .locator('.column')
      .evaluateAll((columns) => columns.map((column) => column.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await saveScreenshot(page, 'code-test-css-panel');

    await panel.getByRole('button', { name: 'Collapse preview' }).click();
    await frame.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Expand preview' }).click();
    await frame.waitFor({ state: 'visible' });
    // At the page's end the footer sits above the open panel: whatever the panel floats over can
    // be scrolled clear of it, and clicked.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual((await panel.boundingBox())!.y);
    // The button scrolled to just below the sticky header, above the panel.
    const fragmentButton = page.getByRole('button', { name: 'Preview HTML fragment' });
    await fragmentButton.evaluate((button) => {
      button.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -120);
    });
    expect((await fragmentButton.boundingBox())!.y + 40).toBeLessThan(
      (await panel.boundingBox())!.y,
    );
    await fragmentButton.click();
    const fragment = page.getByRole('region', { name: 'Fragment Preview' });
    await fragment
      .locator('iframe')
      .contentFrame()
      .getByRole('heading', { name: 'Just a fragment' })
      .waitFor();
    await fragment.getByRole('button', { name: 'Close preview' }).click();
    expect(await page.getByText('Live Preview', { exact: true }).count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('zooms the canvas from 50% to 200% and back to 100%, and edits update the preview', async () => {
    const { page } = app;
    await page.goto('/code-test');
    const card = section(page, 'Website Preview Demo');
    const frameOf = () => card.locator('iframe[title="Website preview"]');
    await frameOf().contentFrame().getByRole('heading', { name: 'Sunrise Bakery' }).waitFor();
    expect(
      await frameOf()
        .boundingBox()
        .then((box) => box?.height),
    ).toBe(400);

    await card.getByText('Canvas', { exact: true }).click();
    const canvas = card.locator('[data-zoom]');
    const zoomLabel = card.getByRole('button', { name: /^Zoom \d+%, reset to 100%$/ });
    expect(await zoomLabel.textContent()).toBe('100%');
    await card.getByRole('button', { name: 'Zoom in' }).click();
    await card.getByRole('button', { name: 'Zoom in' }).click();
    expect(await zoomLabel.textContent()).toBe('120%');
    expect(await canvas.getAttribute('data-zoom')).toBe('1.2');
    expect(await canvas.evaluate((element) => element.style.transform)).toBe('scale(1.2)');
    for (let step = 0; step < 10; step++) {
      const zoomOut = card.getByRole('button', { name: 'Zoom out' });
      if (await zoomOut.isDisabled()) break;
      await zoomOut.click();
    }
    expect(await zoomLabel.textContent()).toBe('50%');
    expect(await card.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    // Zoomed out, the page is laid out twice as wide and shown at half size: still 400 px tall.
    const box = await canvas.boundingBox();
    expect(Math.round(box!.height)).toBe(400);
    for (let step = 0; step < 20; step++) {
      const zoomIn = card.getByRole('button', { name: 'Zoom in' });
      if (await zoomIn.isDisabled()) break;
      await zoomIn.click();
    }
    expect(await zoomLabel.textContent()).toBe('200%');
    await zoomLabel.click();
    expect(await zoomLabel.textContent()).toBe('100%');
    await frameOf().contentFrame().getByRole('heading', { name: 'Sunrise Bakery' }).waitFor();

    const editor = card.getByRole('textbox', { name: 'Edit the HTML code' });
    const code = await editor.inputValue();
    await editor.fill(code.replace('<h1>Sunrise Bakery</h1>', '<h1>Moonrise Bakery</h1>'));
    await frameOf().contentFrame().getByRole('heading', { name: 'Moonrise Bakery' }).waitFor();

    await card.getByRole('button', { name: 'Collapse' }).click();
    await frameOf().waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Expand' }).click();
    await card.getByRole('button', { name: 'Open in preview panel' }).click();
    await page
      .getByRole('region', { name: 'Website Preview', exact: true })
      .locator('iframe')
      .contentFrame()
      .getByRole('heading', { name: 'Moonrise Bakery' })
      .waitFor();
    expect(app.errors).toEqual([]);
  });
});
