import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, saveScreenshot, startStack, useBrowser } from './support';
import { type EchoServer, startEchoServer } from './support/echo-server';

/** Resolves once `text` is visible on the page (toasts, headings, messages). */
const seeText = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

/** Waits for running transitions (dialogs, drawers, toasts) to end; endless spinners aside. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

/** A screenshot once the page is still. */
async function shot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name);
}

/** Signs a new user up through the Register form; the browser keeps the session cookie. */
async function signUp(page: Page) {
  const username = `int_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'correct horse battery';
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
}

/** Creates an account through the API, for tests that are not about signing up. */
async function signUpQuickly(context: BrowserContext, baseUrl: string) {
  const username = `int_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await context.request.post(`${baseUrl}/api/register`, {
    headers: { origin: baseUrl, 'x-requested-with': 'XMLHttpRequest' },
    data: { username, email: `${username}@example.com`, password: 'correct horse battery' },
  });
  expect(response.status()).toBe(201);
}

let stack: Stack;
let echo: EchoServer;

beforeAll(async () => {
  [stack, echo] = await Promise.all([
    startStack({ env: { ALLOW_PRIVATE_TARGETS: 'true' }, name: 'integrations' }),
    startEchoServer(),
  ]);
});

afterAll(async () => {
  await echo?.close();
  await stack?.stop();
});

// Pages go to this file's own server (private targets allowed, for the echo server).
const browser = useBrowser({ baseUrl: () => stack.baseUrl });

describe('integrations in the browser', () => {
  it('creates a webhook from a template, executes it against an echo server and deletes it', async () => {
    const { page, errors } = browser;
    await signUp(page);
    await page.goto('/integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await seeText(page, 'No webhooks found');
    await shot(page, 'integrations-empty-wide');

    await page.getByRole('button', { name: 'Add Your First Webhook' }).click();
    const add = page.getByRole('dialog', { name: 'Add Webhook' });
    await add.getByRole('button', { name: 'Use the Slack Message template' }).click();
    await seeText(page, 'Template applied');
    await seeText(page, 'The Slack Message template has been applied.');
    await add.getByRole('textbox', { name: 'URL', exact: true }).fill(`${echo.url}/hooks/slack`);
    await shot(page, 'integrations-add-webhook-wide');
    await add.getByRole('button', { name: 'Create Webhook' }).click();
    await seeText(page, 'Webhook created');
    await add.waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem', { name: 'Slack Message' });
    await row.waitFor();
    expect(await row.getByText('POST', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(`${echo.url}/hooks/slack`).isVisible()).toBe(true);

    await row.getByRole('button', { name: 'Execute' }).click();
    const run = page.getByRole('dialog', { name: 'Execute Webhook' });
    const payload = run.getByRole('textbox', { name: 'Payload (JSON)' });
    expect(await payload.inputValue()).toBe('{}');
    await payload.fill('{"text": "Hello from the browser test"}');
    await run.getByRole('button', { name: 'Execute' }).click();
    await seeText(page, 'Webhook executed');
    const response = run.getByRole('region', { name: 'Response' });
    await seeText(response, '200 OK');
    const shown = await response.getByTestId('response-json').textContent();
    expect(JSON.parse(shown ?? '')).toMatchObject({
      status: 200,
      body: {
        echo: {
          method: 'POST',
          path: '/hooks/slack',
          body: { text: 'Hello from the browser test' },
        },
      },
    });
    const hit = echo.received.find((request) => request.path === '/hooks/slack');
    expect(hit?.body).toEqual({ text: 'Hello from the browser test' });
    expect(hit?.headers['content-type']).toContain('application/json');
    await shot(page, 'integrations-execute-webhook-wide');
    await run.getByRole('button', { name: 'Close' }).click();
    await run.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'Executions' });
    await history.getByText('200', { exact: true }).first().waitFor();
    expect(await history.getByText(`${echo.url}/hooks/slack`).isVisible()).toBe(true);
    await shot(page, 'integrations-history-wide');
    await page.getByRole('button', { name: 'Close execution history' }).click();
    await history.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Webhook' });
    await seeText(
      confirm,
      'Are you sure you want to delete this webhook? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Webhook deleted');
    await seeText(page, 'No webhooks found');
    expect(errors).toEqual([]);
  });

  it('creates an API integration from a template, runs a GET with query parameters and deletes it', async () => {
    const { page, context, errors } = browser;
    await signUpQuickly(context, stack.baseUrl);
    await page.goto('/integrations?tab=api');
    await seeText(page, 'No API integrations found');

    await page.getByRole('button', { name: 'Add Your First API Integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add API Integration' });
    await add.getByRole('button', { name: 'Use the GitHub template' }).click();
    await seeText(page, 'The GitHub template has been applied.');
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Echo API');
    await add.getByRole('textbox', { name: 'Base URL', exact: true }).fill(`${echo.url}/api`);
    await add.getByRole('textbox', { name: 'Version', exact: true }).fill('v1');
    await shot(page, 'integrations-add-api-wide');
    await add.getByRole('button', { name: 'Create API Integration' }).click();
    await seeText(page, 'API Integration created');
    await add.waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem', { name: 'Echo API' });
    await row.waitFor();
    await seeText(row, 'v1');
    await seeText(row, 'Auth: bearer');
    await seeText(row, 'Timeout: 15000ms');
    await shot(page, 'integrations-api-list-wide');

    await row.getByRole('button', { name: 'Execute' }).click();
    const run = page.getByRole('dialog', { name: 'Execute API Request' });
    const endpoint = run.getByRole('textbox', { name: 'Endpoint' });
    expect(await endpoint.inputValue()).toBe(`${echo.url}/api/v1`);
    await endpoint.fill(`${echo.url}/api/v1/items`);
    await run.getByRole('tab', { name: 'Query Parameters' }).click();
    await run.getByRole('textbox', { name: 'Query Parameters' }).fill('{"q": "flows", "page": 2}');
    await run.getByRole('button', { name: 'Execute' }).click();
    await seeText(page, 'API request executed');
    const response = run.getByRole('region', { name: 'Response' });
    await seeText(response, '200 OK');
    const shown = await response.getByTestId('response-json').textContent();
    expect(JSON.parse(shown ?? '')).toMatchObject({
      status: 200,
      body: { echo: { method: 'GET', path: '/api/v1/items', query: { q: 'flows', page: '2' } } },
    });
    const hit = echo.received.find((request) => request.path === '/api/v1/items');
    expect(hit?.query).toEqual({ q: 'flows', page: '2' });
    expect(hit?.headers.accept).toBe('application/vnd.github+json');
    await shot(page, 'integrations-execute-api-wide');
    await run.getByRole('button', { name: 'Close' }).click();
    await run.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API Integration' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'API Integration deleted');
    await seeText(page, 'No API integrations found');
    expect(errors).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const { page, context, errors } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpQuickly(context, stack.baseUrl);
    const headers = { origin: stack.baseUrl, 'x-requested-with': 'XMLHttpRequest' };
    for (const [name, method] of [
      ['Deploy notifier', 'POST'],
      ['Status check', 'GET'],
    ] as const) {
      const created = await context.request.post(`${stack.baseUrl}/api/webhooks`, {
        headers,
        data: {
          name,
          method,
          url: `${echo.url}/${method.toLowerCase()}`,
          description: `${name}: a webhook created for the phone screenshots`,
        },
      });
      expect(created.status()).toBe(201);
    }

    await page.goto('/integrations');
    await page.getByRole('listitem', { name: 'Deploy notifier' }).waitFor();
    await shot(page, 'integrations-list-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const add = page.getByRole('dialog', { name: 'Add Webhook' });
    await add.getByRole('button', { name: 'Use the Jira Issue template' }).waitFor();
    await shot(page, 'integrations-add-webhook-phone');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem', { name: 'Status check' });
    await row.getByRole('button', { name: 'Execute' }).click();
    const run = page.getByRole('dialog', { name: 'Execute Webhook' });
    await run.getByRole('button', { name: 'Execute' }).click();
    await seeText(run.getByRole('region', { name: 'Response' }), '200 OK');
    await shot(page, 'integrations-execute-webhook-phone');
    // The toast sits over the dialog's buttons on a phone for a few seconds; Escape closes too.
    await page.keyboard.press('Escape');
    await run.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'Executions' });
    await history.getByText('200', { exact: true }).first().waitFor();
    await shot(page, 'integrations-history-phone');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'API Integrations' }).click();
    await page.getByRole('button', { name: 'Add Your First API Integration' }).click();
    const addApi = page.getByRole('dialog', { name: 'Add API Integration' });
    await addApi.getByRole('button', { name: 'Use the Stripe template' }).click();
    await shot(page, 'integrations-add-api-phone');
    expect(errors).toEqual([]);
  });
});
