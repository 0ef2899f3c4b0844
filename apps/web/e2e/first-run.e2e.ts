import { startScriptedModel } from '@flows/scripted-model';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  goalForm,
  newPage,
  saveScreenshot,
  scriptModel,
  startStack,
  useWorkspace,
} from './support';

const app = useWorkspace();

/** The dashboard's notice that no model server answers. */
const modelNotice = (page: Page) => page.getByRole('alert', { name: 'No model server answers' });

/** The Task History dialog, opened from the header. */
async function openHistory(page: Page): Promise<Locator> {
  await page.locator('header').getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Task History' });
  await dialog.waitFor();
  return dialog;
}

/** The history entry of `goal`. */
const historyEntry = (dialog: Locator, goal: string) =>
  dialog.getByRole('listitem').filter({ hasText: goal });

/** Starts a run through the REST API from inside the page (the signed-in user's cookie). */
async function startRunFromApi(page: Page, goal: string, auto: boolean): Promise<void> {
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/flows', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'include',
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { goal, auto },
  );
  if (status >= 300) throw new Error(`POST /api/flows answered ${status}`);
}

/** The page's width fits the viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('first run', () => {
  it('tells a new user that no model server answers, on a phone and wide, until one starts', async () => {
    // A model server that stopped: its address is free again, and it starts there later on.
    const stopped = await startScriptedModel();
    const endpoint = stopped.url;
    await stopped.close();
    const stack = await startStack({ name: 'no-model', env: { MODEL_ENDPOINT: endpoint } });
    const { context, page, errors } = await newPage(app.browser, {
      baseUrl: stack.baseUrl,
      viewport: { width: 390, height: 844 },
    });
    let model: Awaited<ReturnType<typeof startScriptedModel>> | undefined;
    try {
      await page.goto('/dashboard');
      const notice = modelNotice(page);
      await notice.waitFor();
      await notice.getByText(endpoint, { exact: true }).waitFor();
      for (const hint of ['Start LM Studio', 'MODEL_ENDPOINT=', 'pnpm demo']) {
        expect(await notice.textContent()).toContain(hint);
      }
      // Before the first run, above the goal form, within the phone's width.
      const noticeBox = await notice.boundingBox();
      const formBox = await goalForm(page).boundingBox();
      expect(noticeBox && formBox && noticeBox.y + noticeBox.height <= formBox.y).toBe(true);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, 'first-run-no-model-phone');

      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await notice.isVisible()).toBe(true);
      await page.getByRole('heading', { name: 'Current Model' }).waitFor();
      await page.getByText('Not reachable', { exact: true }).waitFor();
      await saveScreenshot(page, 'first-run-no-model-wide');

      // The model server starts: the notice goes (the page asks again every 10 s, the server
      // keeps its answer up to 10 s) and the card lists the models it offers.
      model = await startScriptedModel({ port: Number(new URL(endpoint).port) });
      await notice.waitFor({ state: 'hidden', timeout: 30_000 });
      await page.getByText('Online', { exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Models on this server' })
        .getByText('local-model')
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await model?.close();
      await stack.stop();
    }
  }, 120_000);

  it('shows no notice while the model answers', async () => {
    const { page } = app;
    await page.goto('/dashboard');
    await page.getByText('Online', { exact: true }).waitFor();
    expect(await modelNotice(page).count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('shows the Dashboard link and the display name after registering', async () => {
    const { page } = app;
    const username = `grace_${Date.now().toString(36)}`;
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await form
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('correct horse battery');
    await form
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill('correct horse battery');
    await form.getByRole('textbox', { name: 'Display name', exact: true }).fill('Grace Hopper');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await app.goalForm().waitFor();

    const header = page.locator('header');
    await header.getByText('Signed in as Grace Hopper').waitFor();
    expect(await header.getByText(username).count()).toBe(0);
    const dashboard = header.getByRole('link', { name: 'Dashboard' });
    expect(await dashboard.getAttribute('aria-current')).toBe('page');
    await saveScreenshot(page, 'first-run-header-signed-in');

    await page.goto('/pricing');
    await dashboard.click();
    await page.waitForURL('**/dashboard');
    await app.goalForm().waitFor();

    // Narrower screens still fit the header's buttons; phones list the same in the menu.
    for (const width of [768, 992]) {
      await page.setViewportSize({ width, height: 800 });
      const logout = (await header.getByRole('button', { name: 'Logout' }).boundingBox())!;
      expect(logout.x + logout.width).toBeLessThanOrEqual(width);
      // No label is cut short (the navigation row shows from 992 px).
      const clipped = await header
        .locator('.mantine-Button-label, .mantine-Text-root')
        .evaluateAll((labels) =>
          labels
            .filter(
              (label) => label.scrollWidth > label.clientWidth + 1 && !label.hasAttribute('title'),
            )
            .map((label) => label.textContent),
        );
      expect(clipped).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `first-run-header-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText('Signed in as Grace Hopper').waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(app.errors).toEqual([]);
  });

  it('shows how each run ended in the history, and opens a running one live', async () => {
    const { page } = app;
    await app.signUp('outcomes');

    await app.startFlow('Write a short poem about the sea');
    await app.waitForFinalAnswer();
    await app.executionPanel().getByRole('button', { name: 'Reset' }).click();

    // Every call for the first task fails, so the run ends with a failed task.
    await scriptModel({
      match: /Your current task: Research what is needed for: Describe/,
      fault: 'http500',
    });
    await app.startFlow('Describe the tides');
    await app.seeStep(/^Final answer \(demo model\)/);
    await app.executionPanel().getByRole('button', { name: 'Reset' }).click();

    await app.startFlow('Name three sea birds', { auto: false });
    await app.seeText('Waiting for your confirmation');
    await page.getByRole('button', { name: 'Stop Flow' }).click();
    await app.seeText('Flow Stopped');
    await app.executionPanel().getByRole('button', { name: 'Reset' }).click();

    // A run started elsewhere (a script, another device) waits for confirmation: running.
    await startRunFromApi(page, 'Plan a trip to Lisbon', false);

    const dialog = await openHistory(page);
    for (const [goal, outcome] of [
      ['Write a short poem about the sea', 'Complete'],
      ['Describe the tides', 'Failed'],
      ['Name three sea birds', 'Stopped'],
      ['Plan a trip to Lisbon', 'Running'],
    ] as const) {
      await historyEntry(dialog, goal).getByText(outcome, { exact: true }).waitFor();
    }
    await saveScreenshot(page, 'first-run-history-outcomes');

    // The running one opens live: continuing it shows its next steps as they happen.
    await historyEntry(dialog, 'Plan a trip to Lisbon')
      .getByRole('button', { name: 'Open live' })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await app.seeStep('I need to understand the goal: Plan a trip to Lisbon');
    await app.taskList().getByRole('button', { name: 'Execute' }).click();
    await app.taskList().getByText('1/3', { exact: true }).waitFor();
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('asks before Clear History deletes every run', async () => {
    const { page } = app;
    await app.signUp('clearing');
    await startRunFromApi(page, 'Write a haiku about the harbour', true);
    await page.goto('/dashboard');

    const dialog = await openHistory(page);
    await dialog.getByText('Write a haiku about the harbour').waitFor();
    await dialog.getByRole('button', { name: 'Clear History' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear History' });
    await confirm.getByText(/This deletes every run in your history/).waitFor();
    await saveScreenshot(page, 'first-run-clear-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.getByText('Write a haiku about the harbour').isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Clear History' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await app.seeText('History Cleared');
    await dialog.getByText('No previous tasks found').waitFor();
    expect(app.errors).toEqual([]);
  });

  it('keeps the task list beside the feed at 800 px', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 800, height: 1000 });
    await app.startFlow('Name three sea birds', { auto: false });
    await app.seeText('Waiting for your confirmation');

    const feed = (await app.executionPanel().boundingBox())!;
    const tasks = (await app.taskList().boundingBox())!;
    expect(tasks.x).toBeGreaterThanOrEqual(feed.x + feed.width);
    expect(tasks.y).toBeLessThan(feed.y + feed.height);
    // Quick Templates stay on screen, under the task list.
    const templates = (await page.getByRole('region', { name: 'Quick Templates' }).boundingBox())!;
    expect(templates.x).toBeCloseTo(tasks.x, 0);
    expect(templates.y).toBeGreaterThan(tasks.y + tasks.height);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'first-run-800');
    expect(app.errors).toEqual([]);
  });

  it('reaches Quick Templates and AI Settings on a phone', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await app.goalForm().waitFor();
    expect(await page.getByRole('heading', { name: 'Quick Templates' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Templates', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Templates and model' });
    await drawer.getByRole('button', { name: /Research Assistant/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await app.goalForm().getByRole('textbox', { name: 'Goal' }).inputValue()).not.toBe('');

    await page.getByRole('button', { name: 'AI Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'AI Settings' });
    await settings.getByText('Using Proprietary AI Engine').waitFor();
    await saveScreenshot(page, 'first-run-phone-settings');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'hidden' });
    expect(app.errors).toEqual([]);
  });
});
