import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { resetModel } from './model';
import { resultsDir } from './stack';

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides it. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags that keep it quiet and sandbox-free in CI. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Options of {@link newPage}. */
export type PageOptions = {
  /** Where relative `page.goto()` paths go; the shared server when omitted. */
  baseUrl?: string;
  /** Window size; 1280 x 800 when omitted (390 wide is a phone). */
  viewport?: { width: number; height: number };
};

/**
 * A fresh context (no cookies, no storage) and a page in it. Uncaught page errors are collected
 * in `errors`, so a test can check the app did not throw.
 */
export async function newPage(
  browser: Browser,
  { baseUrl = inject('baseUrl'), viewport = { width: 1280, height: 800 } }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

/** Saves a full-page screenshot as apps/web/test-results/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const path = join(resultsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** What {@link useBrowser} gives each test; read its fields inside tests (they change per test). */
export type BrowserSession = {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors of the current test's page. */
  readonly errors: Error[];
  /** The address of the server the pages go to. */
  readonly baseUrl: string;
};

/** Options of {@link useBrowser}. */
export type BrowserOptions = Omit<PageOptions, 'baseUrl'> & {
  /**
   * Where the pages go, asked before each test: a file's own server (say, one `startStack()`
   * started in its `beforeAll`); the shared server when omitted.
   */
  baseUrl?: () => string;
};

/**
 * Registers the hooks a browser-test file needs: one Chromium for the file, a fresh context and
 * page for every test, the scripted model reset before every test, and a screenshot of the page
 * in apps/web/test-results/ when a test fails.
 */
export function useBrowser({ baseUrl, ...pageOptions }: BrowserOptions = {}): BrowserSession {
  const serverUrl = () => baseUrl?.() ?? inject('baseUrl');
  let browser: Browser | undefined;
  let current: { context: BrowserContext; page: Page; errors: Error[] } | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only available inside a test`);
    return value;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    await resetModel();
    current = await newPage(need(browser, 'The browser'), { ...pageOptions, baseUrl: serverUrl() });
  });
  afterEach(async (context) => {
    if (!current) return;
    if (context.task.result?.state === 'fail') {
      await saveScreenshot(current.page, `failed-${context.task.name}`).catch(() => {});
    }
    await current.context.close();
    current = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get browser() {
      return need(browser, 'The browser');
    },
    get context() {
      return need(current, 'The page').context;
    },
    get page() {
      return need(current, 'The page').page;
    },
    get errors() {
      return need(current, 'The page').errors;
    },
    get baseUrl() {
      return serverUrl();
    },
  };
}
