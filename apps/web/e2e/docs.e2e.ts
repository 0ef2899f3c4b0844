import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signUp, useBrowser } from './support';

const browser = useBrowser();

/** Collects the page's Content-Security-Policy violations (reported on the console). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const tabs = [
  ['getting-started', 'Getting Started', 'Connecting a model server'],
  ['creating-flows', 'Creating Flows', 'Goals and tasks'],
  ['task-execution', 'Task Execution', 'Runs live on the server'],
  ['templates', 'Using Templates', 'Quick Templates'],
  ['advanced-settings', 'Advanced Settings', 'Timeouts and automatic retry'],
  ['api', 'API', 'API tokens'],
] as const;

describe('the documentation', () => {
  it('opens each tab from its own URL, and a tab chosen is in the URL', async () => {
    const { page } = browser;
    for (const [value, label, heading] of tabs) {
      await page.goto(`/docs?tab=${value}`);
      const tab = page.getByRole('tab', { name: label, exact: true });
      await tab.waitFor();
      expect(await tab.getAttribute('aria-selected'), label).toBe('true');
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }

    await page.goto('/docs');
    await page.getByRole('heading', { name: 'Quick start', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Task Execution', exact: true }).click();
    await page.waitForURL('**/docs?tab=task-execution');
    await page.getByRole('heading', { name: 'Automatic or manual approval' }).waitFor();
    // A reload (or a shared link) shows the same tab.
    await page.reload();
    await page.getByRole('heading', { name: 'Runs live on the server' }).waitFor();
    expect(await page.getByText('Continue to Next Task').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Advanced Settings', exact: true }).click();
    await page.waitForURL('**/docs?tab=advanced-settings');
    await page.getByText('0.1 – 0.3', { exact: true }).waitFor();
    await page.getByText('0.7 – 0.9', { exact: true }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('fits a phone screen: no tab scrolls the page sideways', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    for (const [value, , heading] of tabs) {
      await page.goto(`/docs?tab=${value}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, value).toBeLessThanOrEqual(375);
    }
    expect(browser.errors).toEqual([]);
  });

  it('tells how to connect the model servers and lists the four templates', async () => {
    const { page } = browser;
    await page.goto('/docs?tab=getting-started');
    for (const server of [
      'LM Studio (default)',
      'Ollama',
      'OpenAI',
      'Other OpenAI-compatible servers',
    ]) {
      await page.getByRole('cell', { name: server, exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Reasoning models' }).waitFor();

    await page.getByRole('tab', { name: 'Using Templates', exact: true }).click();
    for (const template of [
      'Research Assistant',
      'Content Creator',
      'Data Analyst',
      'Project Planner',
    ]) {
      await page.getByRole('heading', { name: template, exact: true }).waitFor();
    }
  });

  it('has an API tab with a curl example and a link to the API reference', async () => {
    const { page } = browser;
    const violations = cspViolations(page);
    await page.goto('/docs?tab=api');
    await page.getByRole('heading', { name: 'The live feed', exact: true }).waitFor();
    // Other tabs (kept in the page, hidden) have curl examples too: the API tab's is shown.
    await page
      .getByText(/curl -s -X POST .*\/api\/flows/)
      .filter({ visible: true })
      .first()
      .waitFor();
    expect(await page.locator('.swagger-ui').count()).toBe(0);

    await page.getByRole('link', { name: 'API reference', exact: true }).first().click();
    await page.waitForURL('**/docs/api');
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    const reference = page.getByTestId('api-reference');
    // Swagger UI renders the document the server generates: its title and operations.
    await reference.getByText('Flows API', { exact: false }).first().waitFor({ timeout: 20_000 });
    await reference.getByText('/api/tokens/{id}', { exact: true }).first().waitFor();
    await reference.getByText('/api/tasks/{id}/events', { exact: true }).first().waitFor();
    await saveScreenshot(page, 'docs-api-reference');
    expect(violations).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  it('loads the API reference renderer only on /docs/api', async () => {
    const { page } = browser;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/docs?tab=api');
    await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
    const onDocs = [...scripts];
    await page.goto('/docs/api');
    await page.locator('.swagger-ui').first().waitFor({ timeout: 20_000 });
    const added = scripts.slice(onDocs.length).filter((path) => !onDocs.includes(path));
    expect(added.some((path) => /ApiReferencePage|swagger/i.test(path))).toBe(true);
    expect(onDocs.some((path) => /ApiReferencePage|swagger/i.test(path))).toBe(false);
  });
});

describe('API tokens in Settings', () => {
  it('creates a token shown once, which a script can use until it is revoked', async () => {
    const { page, baseUrl } = browser;
    const username = await signUp(page, 'tokens');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'API tokens' }).first().click();
    await page.waitForURL('**/settings/tokens');
    await page.getByText('No tokens yet.').waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('nightly report');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^flows_/);
    const table = page.getByRole('table', { name: 'API tokens' });
    await table.getByRole('cell', { name: 'nightly report', exact: true }).waitFor();
    await saveScreenshot(page, 'api-tokens-created');

    const asScript = () =>
      fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    const me = await asScript();
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(username);

    // Shown once: after Done, and on a fresh visit, only its start is listed.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await table.getByRole('cell', { name: 'nightly report', exact: true }).waitFor();
    expect(await page.getByText(token, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke nightly report' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke token' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    await page.getByText('No tokens yet.').waitFor();
    const refused = await asScript();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/revoked/);
    expect(browser.errors).toEqual([]);
  });
});
