import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  longReply,
  modelRequests,
  saveScreenshot,
  scriptModel,
  stepFeed,
  useWorkspace,
  waitForFinalAnswer,
} from './support';

const app = useWorkspace();

const POEM = 'Write a short poem about the sea';

/** The stored id of the run the workspace follows. */
const followedTask = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('flows_current_task_id'));

describe('goal workspace', () => {
  it('runs a goal in AUTO to its final summary, streaming the answers, and exports the log', async () => {
    const { page } = app;
    // A longer first answer streams for a moment, so its bubble can be seen filling up.
    await scriptModel({
      match: /Your current task: Research/,
      reply: longReply(120, 'Sea research'),
      times: 1,
    });

    await page.goto('/dashboard');
    await app.seeText('Flow Ready');
    await app.seeText('Set a goal in the input panel to start your automated flow.');
    await app.seeText('No tasks generated yet. Enter a goal to get started.');
    await saveScreenshot(page, 'dashboard-empty-wide');

    await app.startFlow(POEM);
    const tasks = app.taskList();
    await tasks.getByText('Tasks from model JSON').waitFor();
    await tasks.getByText(`Research what is needed for: ${POEM}`).waitFor();
    await app.executionPanel().getByText('Processing', { exact: true }).waitFor();
    await app.executionPanel().getByText('AUTO', { exact: true }).first().waitFor();

    // The model's text streams into its own bubble, which gives way to the result step.
    const streaming = app.stepFeed().getByText('Streaming', { exact: true });
    await streaming.waitFor();
    await app.seeStep(/^Sea research: word1 word2/);
    await saveScreenshot(page, 'dashboard-streaming');
    await app.seeStep(/word120\.$/);

    await app.waitForFinalAnswer();
    // The feed follows the newest step (again 100 and 500 ms later, for late layout).
    await page.waitForTimeout(600);
    expect(
      await app
        .stepFeed()
        .evaluate((feed) => feed.scrollHeight - feed.scrollTop - feed.clientHeight),
    ).toBeLessThan(50);
    await tasks.getByText('All tasks completed successfully!').waitFor();
    expect(await tasks.getByText('3/3', { exact: true }).isVisible()).toBe(true);
    expect(await app.executionPanel().getByText('Processing', { exact: true }).count()).toBe(0);
    expect(await streaming.count()).toBe(0);
    for (const label of ['Thinking', 'Action', 'Subtask', 'Result']) {
      expect(await app.stepFeed().getByText(label, { exact: true }).count()).toBeGreaterThan(0);
    }
    await saveScreenshot(page, 'dashboard-auto-complete');

    const downloading = page.waitForEvent('download');
    await app.executionPanel().getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^flow-execution-\d{4}-\d{2}-\d{2}-\d{6}\.txt$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const entries = text.split('\n\n[');
    expect(text.startsWith('[')).toBe(true);
    expect(entries[0]).toMatch(
      new RegExp(
        `^\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\] THINKING: I need to understand the goal: ${POEM}$`,
      ),
    );
    expect(entries[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\] ACTION: Analyzing the task using Local AI Engine$/,
    );
    expect(text).toContain('] SUBTASK: Executing task 1 of 3: Research what is needed for:');
    expect(text).toMatch(
      /\] RESULT: Final answer \(demo model\): here is the combined result\.\n\nAll tasks were completed\.$/,
    );

    const prompts = (await modelRequests()).map((request) => request.prompt);
    expect(prompts.some((prompt) => prompt.includes(`Goal: ${POEM}`))).toBe(true);
    expect(app.errors).toEqual([]);
  });

  it('grows the goal box with its text, from three lines to eight, then scrolls it', async () => {
    const { page } = app;
    await page.goto('/dashboard');
    const box = page
      .getByRole('form', { name: 'Set Flow Goal' })
      .getByRole('textbox', { name: 'Goal' });
    const height = () => box.evaluate((element) => element.getBoundingClientRect().height);
    const lines = (count: number) => Array.from({ length: count }, (_, line) => `line ${line}`);

    await box.fill('');
    const empty = await height();
    await box.fill(lines(3).join('\n'));
    expect(await height()).toBe(empty);
    await box.fill(lines(6).join('\n'));
    const six = await height();
    expect(six).toBeGreaterThan(empty * 1.5);
    await box.fill(lines(8).join('\n'));
    const eight = await height();
    expect(eight).toBeGreaterThan(six);
    await box.fill(lines(30).join('\n'));
    expect(await height()).toBe(eight);
    const scrolls = await box.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(scrolls).toBe(true);
  });

  it('runs a manual flow task by task: Execute, then Continue, then Reset', async () => {
    const { page } = app;

    await app.startFlow(POEM, { auto: false });
    await app.seeText('Waiting for your confirmation');
    await app.seeText('Feedback Required');
    await app.seeText('Action Required');
    const tasks = app.taskList();
    expect(await tasks.getByText('0/3', { exact: true }).isVisible()).toBe(true);
    await saveScreenshot(page, 'dashboard-manual-waiting');

    await tasks.getByRole('button', { name: 'Execute' }).click();
    await tasks.getByText('1/3', { exact: true }).waitFor();
    await app.seeText('Waiting for your confirmation');
    // Only the first task ran; the second is current and offers Execute.
    expect(await app.countSteps(/^Executing task 2 of 3/)).toBe(0);

    await app.executionPanel().getByRole('button', { name: 'Continue to Next Task' }).click();
    await app.seeStep('Moving to the next task...');
    await app.waitForFinalAnswer();
    await tasks.getByText('3/3', { exact: true }).waitFor();
    expect(await page.getByText('Waiting for your confirmation').count()).toBe(0);

    expect(await followedTask(page)).not.toBeNull();
    await app.executionPanel().getByRole('button', { name: 'Reset' }).click();
    await app.seeText('Flow Ready');
    await app.seeText('No tasks generated yet. Enter a goal to get started.');
    // Reset turns AUTO back on.
    expect(await app.goalForm().getByRole('switch', { name: 'AUTO' }).isChecked()).toBe(true);
    await app.goalForm().getByRole('button', { name: 'Create & Run Tasks' }).waitFor();
    expect(await followedTask(page)).toBeNull();
    expect(app.errors).toEqual([]);
  });

  it('stops a run in the middle of an answer', async () => {
    const { page } = app;
    const goal = 'Describe the tides of the North Sea';
    await scriptModel({
      match: /Your current task: Research what is needed for: Describe the tides/,
      reply: longReply(400, 'Tides'),
      times: 1,
    });

    await app.startFlow(goal);
    // Stop while the first task's answer is streaming in.
    await app.seeStep(/^Executing task 1 of 3/);
    await app.seeStep(/^Tides: word1 word2/);
    await page.getByRole('button', { name: 'Stop Flow' }).click();
    await app.seeText('Flow Stopped');
    await app.seeText('The flow process has been stopped.');
    await app.executionPanel().getByText('Stopped', { exact: true }).waitFor();
    expect(await app.executionPanel().getByText('Processing', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'dashboard-stopped');

    // The answer that was streaming is dropped and no later task starts.
    await page.waitForTimeout(1500);
    expect(await app.stepFeed().getByText('Streaming', { exact: true }).count()).toBe(0);
    expect(await app.countSteps(/^Executing task 2 of 3/)).toBe(0);
    expect(await app.taskList().getByText('0/3', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create & Run Tasks' }).waitFor();
    expect(app.errors).toEqual([]);
  });

  it('rejoins a run after a reload mid-run, and in a new tab, and follows it live', async () => {
    const { page, context } = app;
    const goal = 'Explain how waves form in the ocean';
    await scriptModel({
      match: /Your current task: Draft the answer for: Explain how waves/,
      reply: longReply(300, 'Waves'),
      times: 1,
    });

    await app.startFlow(goal);
    await app.seeStep(/^Executing task 2 of 3/);
    const taskId = await followedTask(page);
    expect(taskId).not.toBeNull();

    await page.reload();
    // The same run: its earlier steps, the task list so far, and the work under way.
    await app.seeStep(`I need to understand the goal: ${goal}`);
    await app.seeStep(/^Executing task 2 of 3/);
    await app.taskList().getByText('Tasks from model JSON').waitFor();
    await app.executionPanel().getByText('Processing', { exact: true }).waitFor();
    await saveScreenshot(page, 'dashboard-rejoined');

    const secondTab = await context.newPage();
    await secondTab.goto('/dashboard');
    await stepFeed(secondTab)
      .getByText(/^Executing task 2 of 3/)
      .waitFor();

    // Both keep following the run live to its end.
    await app.waitForFinalAnswer();
    await waitForFinalAnswer(secondTab);
    expect(await followedTask(page)).toBe(taskId);
    expect(await app.countSteps(/^Waves: word1 /)).toBe(1);
    await secondTab.close();
    expect(app.errors).toEqual([]);
  });

  it('builds and deploys a website, and the deployed URL opens', async () => {
    const { page, context } = app;

    await app.startFlow('Build a website for my bakery');
    // The deploy's alert under the feed (a step may say the same words).
    const live = app
      .executionPanel()
      .getByRole('alert')
      .filter({ hasText: 'Your website is live' });
    await live.waitFor({ timeout: 30_000 });
    await app.waitForFinalAnswer();
    await app.seeStep(/^Your website is live at: http/);
    // The page the model wrote shows as code and in a sandboxed preview.
    const preview = app.stepFeed().locator('iframe[title="Website preview"]').first();
    expect(await preview.getAttribute('sandbox')).toBe('allow-scripts');
    await app.stepFeed().getByRole('button', { name: 'Copy html code' }).first().waitFor();
    await saveScreenshot(page, 'dashboard-website-deployed');

    const websiteId = await page.evaluate(() => localStorage.getItem('flows_last_website_id'));
    expect(websiteId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => localStorage.getItem('flows_last_website_task_id'))).toBe(
      await followedTask(page),
    );

    const opening = context.waitForEvent('page');
    await app.executionPanel().getByRole('link', { name: 'Open website' }).click();
    const site = await opening;
    await site.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(new URL(site.url()).pathname).toMatch(/^\/sites\/[^/]+\/$/);
    // The deployed page is served in a CSP sandbox, away from the app's origin.
    const served = await context.request.get(site.url());
    expect(served.headers()['content-security-policy']).toContain('sandbox');
    await site.close();
    expect(app.errors).toEqual([]);
  });
});
