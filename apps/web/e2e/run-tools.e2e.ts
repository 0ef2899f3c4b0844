import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, saveScreenshot, startStack, useWorkspace } from './support';
import { type EchoServer, startEchoServer } from './support/echo-server';

// A run's task calls the user's webhook as a tool, after the user approves it in the feed
// (issue 16). The demo script plans a 'Send the update with the webhook' task for such goals and
// calls the first webhook the run offers.

let stack: Stack;
let echo: EchoServer;

beforeAll(async () => {
  [stack, echo] = await Promise.all([
    startStack({ env: { ALLOW_PRIVATE_TARGETS: 'true' }, name: 'run-tools' }),
    startEchoServer(),
  ]);
});
afterAll(async () => {
  await echo?.close();
  await stack?.stop();
});

const app = useWorkspace({ baseUrl: () => stack.baseUrl });

/** Adds a webhook through the Add Webhook form, with 'Use in flows' switched on. */
async function addToolWebhook(page: Page, url: string) {
  await page.goto('/integrations');
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
  await page.getByRole('button', { name: 'Add Your First Webhook' }).click();
  const add = page.getByRole('dialog', { name: 'Add Webhook' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Team channel');
  await add.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
  const use = add.getByRole('switch', { name: 'Use in flows' });
  const ask = add.getByRole('switch', { name: 'Ask before each call' });
  expect(await use.isChecked()).toBe(false);
  expect(await ask.isChecked()).toBe(true);
  await use.click({ force: true });
  expect(await use.isChecked()).toBe(true);
  await add.getByRole('button', { name: 'Create Webhook' }).click();
  await add.waitFor({ state: 'hidden' });
}

describe('tools in a run', () => {
  it('asks before calling the webhook, and calls it once when approved from the feed', async () => {
    const { page, errors } = app;
    await app.signUp('tools');
    await addToolWebhook(page, `${echo.url}/team`);

    await app.startFlow('Notify the team about the launch');
    await app.seeStep(/^Approval required: webhook_team_channel/);
    expect(echo.received).toHaveLength(0);
    const approval = app.stepFeed().locator('[data-tool-step="approval"]');
    expect(await approval.getByText('"source": "Flows demo model"').count()).toBe(1);
    await saveScreenshot(page, 'run-tools-approval');

    await approval.getByRole('button', { name: 'Approve' }).click();
    await app.seeStep(/^Tool answer from webhook_team_channel: 200 OK/);
    await app.waitForFinalAnswer();
    expect(echo.received).toHaveLength(1);
    expect(echo.received[0]).toMatchObject({
      method: 'POST',
      path: '/team',
      body: { source: 'Flows demo model' },
    });
    // The buttons went with the question, which says it was approved; the answer is readable
    // JSON.
    expect(await approval.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await approval.getByText('Approved', { exact: true }).waitFor();
    expect(await approval.getByText('Waiting for you').count()).toBe(0);
    const answer = app.stepFeed().locator('[data-tool-step="answer"]');
    expect(await answer.getByText('"path": "/team"').count()).toBe(1);
    await saveScreenshot(page, 'run-tools-answered');
    expect(errors).toEqual([]);
  });
});
