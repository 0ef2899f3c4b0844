import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, scriptModel, useBrowser } from './support';

const browser = useBrowser();

/**
 * Records every request the page and its frames make that leaves the app's origin (data: and
 * blob: URLs stay in the browser).
 */
function watchOutsideRequests(page: Page, baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    if (new URL(url).origin !== origin) outside.push(url);
  });
  return outside;
}

/** Records Content-Security-Policy violations and console errors of the page and its frames. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    // A visitor's session check answers 401: expected, not a fault of the IDE.
    if (text.includes('status of 401')) return;
    if (message.type() === 'error' || /Content[ -]Security[ -]Policy/i.test(text)) {
      problems.push(text);
    }
  });
  return problems;
}

const preview = (page: Page) => page.frameLocator('iframe[title="Project preview"]');

async function openIde(page: Page): Promise<void> {
  await page.goto('/dexlink');
  await page.getByText('No files yet. Create one or use the AI assistant.').waitFor();
}

/** The file list's entry for `name`. */
const fileEntry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Project files' }).getByRole('button', { name, exact: true });

/** The editor's lines as shown, top to bottom (Monaco draws spaces as no-break spaces). */
async function editorText(page: Page): Promise<string> {
  const lines = await page.locator('.monaco-editor .view-line').evaluateAll((shown) =>
    shown.map((line) => ({
      top: Number.parseFloat((line as HTMLElement).style.top),
      text: line.textContent ?? '',
    })),
  );
  return lines
    .sort((a, b) => a.top - b.top)
    .map((line) => line.text.replace(/\u00a0/g, ' '))
    .join('\n');
}

/** Waits up to 5 s for the editor to show `expected`, then gives what it shows. */
async function settledEditorText(page: Page, expected: string): Promise<string> {
  const until = Date.now() + 5_000;
  let shown = await editorText(page);
  while (shown !== expected && Date.now() < until) {
    await page.waitForTimeout(100);
    shown = await editorText(page);
  }
  return shown;
}

describe('the IDE', () => {
  it('creates an HTML file from the welcome screen and previews it', async () => {
    const { page } = browser;
    const outside = watchOutsideRequests(page, browser.baseUrl);
    const problems = watchConsole(page);
    await openIde(page);
    await page.getByText('No open files').waitFor();
    await page.getByText('Select a file to edit or create a new one').waitFor();
    await page.getByRole('button', { name: 'Create HTML File' }).click();
    await page.getByText('Created index.html').waitFor();
    await fileEntry(page, 'index.html').waitFor();
    await preview(page).getByRole('heading', { name: 'Hello World' }).waitFor({ timeout: 15_000 });
    // The editor (Monaco, bundled) shows the file.
    await page.locator('.monaco-editor .view-lines').getByText('Hello World').first().waitFor();
    // Its language worker starts (bundled, allowed by the CSP): HTML gets its colours.
    await page.locator('.monaco-editor .view-lines .mtk1').first().waitFor();
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it('starts with the template and applies its styles.css in the preview', async () => {
    const { page } = browser;
    const outside = watchOutsideRequests(page, browser.baseUrl);
    await openIde(page);
    await page.getByRole('button', { name: 'Start with Template' }).click();
    for (const name of ['index.html', 'styles.css', 'script.js'])
      await fileEntry(page, name).waitFor();
    const heading = preview(page).getByRole('heading', { name: 'Welcome to My Project' });
    await heading.waitFor({ timeout: 15_000 });
    expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(37, 99, 235)',
    );
    // script.js runs too.
    await preview(page).getByRole('button', { name: 'Click me' }).click();
    await preview(page).getByText('Hello from script.js!').waitFor();
    expect(outside).toEqual([]);
  });

  it('saves and runs an edit with the keyboard, and keeps the files across a reload', async () => {
    const { page } = browser;
    const outside = watchOutsideRequests(page, browser.baseUrl);
    await openIde(page);
    await page.getByRole('button', { name: 'Create HTML File' }).click();
    await preview(page).getByRole('heading', { name: 'Hello World' }).waitFor({ timeout: 15_000 });
    const editor = page.locator('.monaco-editor .view-lines');
    await editor.getByText('Hello World').first().waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('<p id="edited">Edited by hand</p>');
    await page.keyboard.press('Control+S');
    await page.getByText('File saved successfully').waitFor();
    await page.keyboard.press('Control+Enter');
    await preview(page).getByText('Edited by hand').waitFor({ timeout: 15_000 });

    await page.reload();
    await fileEntry(page, 'index.html').waitFor();
    await page.locator('.monaco-editor .view-lines').getByText('Edited by hand').waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await preview(page).getByText('Edited by hand').waitFor({ timeout: 15_000 });
    expect(outside).toEqual([]);
  });

  it('keeps every character typed fast, across a file switch and a reload', async () => {
    const { page } = browser;
    await openIde(page);
    await page.getByRole('button', { name: 'New File' }).click();
    await fileEntry(page, 'newFile.js').waitFor();
    const editor = page.locator('.monaco-editor .view-lines');
    await editor.waitFor();
    await editor.click();
    const typed = [
      'let total = price * quantity;',
      'let count = items + extra - 1;',
      'let label = first + last;',
    ].join('\n');
    // No pause between keys: the project updates (and stores) while the keys keep coming.
    await page.keyboard.type(typed, { delay: 0 });
    expect(await settledEditorText(page, typed)).toBe(typed);

    // Another file and back: the text is still all there.
    await page.getByRole('button', { name: 'New File' }).click();
    await fileEntry(page, 'newFile1.js').waitFor();
    await page.getByRole('tab', { name: 'newFile.js' }).click();
    expect(await settledEditorText(page, typed)).toBe(typed);

    await page.reload();
    await fileEntry(page, 'newFile.js').click();
    expect(await settledEditorText(page, typed)).toBe(typed);
    expect(browser.errors).toEqual([]);
  });

  it('fits a phone: the panels stack and nothing overflows sideways', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    await openIde(page);
    await page.getByRole('button', { name: 'Start with Template' }).click();
    await fileEntry(page, 'index.html').waitFor();
    await preview(page)
      .getByRole('heading', { name: 'Welcome to My Project' })
      .waitFor({ timeout: 15_000 });
    const widths = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.clientWidth);
    // The panels are one above the other, each the page's width.
    const boxes = [];
    for (const name of ['Files and editor', 'Preview', 'Terminal and AI Assistant']) {
      const box = await page.getByRole('region', { name }).boundingBox();
      if (!box) throw new Error(`${name} is not shown`);
      boxes.push(box);
    }
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.width).toBeGreaterThan(300);
    }
    expect(boxes[1]!.y).toBeGreaterThanOrEqual(boxes[0]!.y + boxes[0]!.height - 1);
    expect(boxes[2]!.y).toBeGreaterThanOrEqual(boxes[1]!.y + boxes[1]!.height - 1);
    // The assistant's greeting reads as lines of words, not a column of letters.
    const greeting = await page.locator('[data-role="agent"]').first().boundingBox();
    expect(greeting?.width ?? 0).toBeGreaterThan(250);
    await saveScreenshot(page, 'ide-phone');
  });

  it('says Save did not keep the project when the browser refuses to store it', async () => {
    const { page } = browser;
    await page.addInitScript(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await openIde(page);
    await page.getByRole('button', { name: 'Create HTML File' }).click();
    await page.locator('.monaco-editor .view-lines').getByText('Hello World').first().waitFor();
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+S');
    await page.getByText('Not saved', { exact: true }).waitFor();
    await page.getByText(/This browser refused to keep the project/).waitFor();
    expect(await page.getByText('File saved successfully').count()).toBe(0);
  });

  it('lets the assistant write index.html and previews it', async () => {
    const { page } = browser;
    const outside = watchOutsideRequests(page, browser.baseUrl);
    await scriptModel({
      match: /You are a coding assistant in a browser-based IDE/,
      reply:
        'Here is your page:\n\n```html\n<!DOCTYPE html>\n<html><body><h1>Made by the assistant</h1></body></html>\n```\n\nIt shows a heading.',
    });
    const streamed: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/flow/assist') {
        streamed.push(response.headers()['content-type'] ?? '');
      }
    });
    await openIde(page);
    const input = page.getByPlaceholder('Ask the AI assistant...');
    // A blank message does nothing.
    await input.fill('   ');
    await input.press('Control+Enter');
    await input.fill('Make a page with a heading');
    await input.press('Control+Enter');
    await page.getByText('It shows a heading.').waitFor({ timeout: 15_000 });
    await fileEntry(page, 'index.html').waitFor();
    await preview(page)
      .getByRole('heading', { name: 'Made by the assistant' })
      .waitFor({ timeout: 15_000 });
    // The reply reads as Markdown: its code is a code block, not text between ``` fences.
    const reply = page.locator('[data-role="agent"]').last();
    await reply.getByRole('group', { name: 'html code block' }).waitFor();
    expect(await reply.textContent()).not.toContain('```');
    expect(await page.locator('[data-role="user"]').count()).toBe(1);
    // The reply came over the streamed call (Server-Sent Events), once.
    expect(streamed).toEqual([expect.stringContaining('text/event-stream')]);
    expect(outside).toEqual([]);
  });

  it('shows Agent Error when the assistant fails', async () => {
    const { page } = browser;
    await scriptModel({
      match: /You are a coding assistant in a browser-based IDE/,
      fault: 'http500',
    });
    await openIde(page);
    const input = page.getByPlaceholder('Ask the AI assistant...');
    await input.fill('Make something');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Failed to process your request').waitFor({ timeout: 30_000 });
    await page.getByText('Agent Error').waitFor();
  });

  it('deploys the project to a URL that serves it, and redeploys to the same URL', async () => {
    const { page } = browser;
    const outside = watchOutsideRequests(page, browser.baseUrl);
    await openIde(page);
    await page.getByRole('button', { name: 'Start with Template' }).click();
    await fileEntry(page, 'index.html').waitFor();
    await page.getByRole('button', { name: 'Deploy' }).click();
    const link = page.getByTestId('deploy-url');
    await link.waitFor({ timeout: 15_000 });
    const url = (await link.getAttribute('href')) ?? '';
    const served = await page.request.get(url);
    expect(served.ok()).toBe(true);
    const html = await served.text();
    expect(html).toContain('Welcome to My Project');
    expect(html).toContain('color: rgb(37, 99, 235)');

    await page.getByRole('button', { name: 'Deploy' }).click();
    await page.getByText(`Your project is live at ${url}`).waitFor({ timeout: 15_000 });
    expect(await link.getAttribute('href')).toBe(url);
    expect(outside).toEqual([]);
  });
});
