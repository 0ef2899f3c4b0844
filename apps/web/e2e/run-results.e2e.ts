import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  executionPanel,
  longReply,
  modelRequests,
  saveScreenshot,
  scriptModel,
  taskList,
  useWorkspace,
} from './support';

const app = useWorkspace();

// A run goes on on the server after its test ends, so each rule names its own test's goal.

const SUCCESS = 'All tasks completed successfully!';
const ERRORS_NOTICE =
  'Some tasks encountered errors during execution. This is a beta feature and may experience connection issues.';

/** Task `number` (1-based) of the task list. */
const taskItem = (page: Page, number: number): Locator =>
  taskList(page)
    .getByRole('listitem')
    .nth(number - 1);

/** The run's status badge in the execution panel's head ('Complete', 'Failed', 'Stopped'). */
const statusBadge = (page: Page, label: string): Locator =>
  executionPanel(page).getByText(label, { exact: true });

describe('honest results and control after Stop', () => {
  it('shows a failed task as failed everywhere, and Retry runs it again', async () => {
    const { page } = app;
    const goal = 'Describe the coral reefs of Australia';
    const draftTask = `Draft the answer for: ${goal}`;
    // Every attempt of the second task's call fails (the call is tried 3 times); the Retry succeeds.
    await scriptModel({
      match: /Your current task: Draft the answer for: Describe the coral reefs/,
      fault: 'http500',
      times: 3,
    });

    await app.startFlow(goal);
    await statusBadge(page, 'Failed').waitFor({ timeout: 30_000 });

    // The task list: an error mark on the failed task, counted apart, and only the error notice.
    const tasks = app.taskList();
    await tasks.getByText('1 failed', { exact: true }).waitFor();
    expect(await tasks.getByLabel('2 of 3 tasks completed').textContent()).toBe('2/3');
    const failed = taskItem(page, 2);
    expect(await failed.getByLabel('Failed').count()).toBe(1);
    expect(await failed.getByLabel('Completed').count()).toBe(0);
    expect(
      await failed
        .getByText(draftTask, { exact: true })
        .evaluate((text) => getComputedStyle(text).textDecorationLine),
    ).not.toContain('line-through');
    expect(await taskItem(page, 1).getByLabel('Completed').count()).toBe(1);
    await tasks.getByText(ERRORS_NOTICE).waitFor();
    expect(await tasks.getByText(SUCCESS).count()).toBe(0);

    // The feed: the task's error in an error bubble with the error icon.
    const errorStep = app
      .stepFeed()
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Error' }) });
    expect(await errorStep.count()).toBe(1);
    expect(await errorStep.textContent()).toContain(`Error executing subtask: ${draftTask}`);
    expect(await errorStep.locator('.mantine-Paper-root').getAttribute('style')).toContain(
      '--mantine-color-red-light',
    );
    await saveScreenshot(page, 'run-results-failed-task');

    // Retry says what it does, and runs that task again; the summary is made anew.
    const retry = app.executionPanel().getByRole('button', {
      name: `Retry task 2: ${draftTask}`,
    });
    expect(await retry.textContent()).toBe('Retry task 2');
    await retry.click();
    await failed.getByLabel('Completed').waitFor();
    await tasks.getByText(SUCCESS).waitFor({ timeout: 30_000 });
    await statusBadge(page, 'Complete').waitFor();
    expect(await tasks.getByLabel('3 of 3 tasks completed').textContent()).toBe('3/3');
    expect(await tasks.getByText('1 failed', { exact: true }).count()).toBe(0);
    expect(await tasks.getByText(ERRORS_NOTICE).count()).toBe(0);
    await app
      .stepFeed()
      .getByText(`Demo model answer for "${draftTask}"`, { exact: false })
      .waitFor();
    expect(
      await app
        .executionPanel()
        .getByRole('button', { name: /^Retry/ })
        .count(),
    ).toBe(0);

    const draftCalls = (await modelRequests()).filter((request) =>
      request.prompt.includes(`Your current task: ${draftTask}`),
    );
    expect(draftCalls).toHaveLength(4);
    expect(app.errors).toEqual([]);
  });

  it("streams a reasoning model's thinking apart from its answer, then keeps it as a step", async () => {
    const { page } = app;
    const answer = 'Sea otters float on their backs and hold hands while they sleep.';
    await scriptModel({
      match: /Your current task: Research what is needed for: Describe the life of sea otters/,
      reasoning: longReply(200, 'Pondering'),
      reply: answer,
      times: 1,
    });

    await app.startFlow('Describe the life of sea otters');
    const feed = app.stepFeed();
    // While it streams: a Thinking bubble of its own, marked Streaming.
    const streaming = feed.locator('li[aria-busy="true"]').filter({ hasText: /Pondering: word1 / });
    await streaming.waitFor();
    expect(await streaming.getByText('Thinking', { exact: true }).count()).toBe(1);
    expect(await streaming.getByText('Streaming', { exact: true }).count()).toBe(1);
    expect(await streaming.locator('.mantine-Paper-root').getAttribute('style')).toContain(
      '--mantine-color-violet-light',
    );
    await saveScreenshot(page, 'run-results-reasoning-streaming');

    // Answered: the thinking is a stored Thinking step, the answer a Result without it.
    const result = feed.getByRole('listitem').filter({ hasText: answer });
    await result.waitFor();
    expect(await result.getByText('Result', { exact: true }).count()).toBe(1);
    expect(await result.textContent()).not.toContain('Pondering');
    const thinking = feed.getByRole('listitem').filter({ hasText: /Pondering: word1 .*word200\./ });
    expect(await thinking.count()).toBe(1);
    expect(await thinking.getByText('Thinking', { exact: true }).count()).toBe(1);
    // Its streamed bubble gave way (the next task's call may already be streaming its own).
    expect(
      await feed
        .locator('li[aria-busy="true"]')
        .filter({ hasText: /Pondering/ })
        .count(),
    ).toBe(0);
    expect(await taskItem(page, 1).textContent()).not.toContain('Pondering');
    expect(app.errors).toEqual([]);
  });

  it('resumes after Stop: Execute runs only the current task, Continue runs on', async () => {
    const { page } = app;
    const goal = 'Describe the migration of humpback whales';
    await scriptModel(
      {
        match: /Your current task: Research what is needed for: Describe the migration/,
        reply: longReply(400, 'Whales'),
        times: 1,
      },
      {
        match: /Your current task: Draft the answer for: Describe the migration/,
        reply: longReply(400, 'Draft'),
        times: 1,
      },
    );

    await app.startFlow(goal);
    const tasks = app.taskList();
    const panel = app.executionPanel();

    // Stop in the middle of the first task's answer.
    await app.seeStep(/^Whales: word1 word2/);
    await page.getByRole('button', { name: 'Stop Flow' }).click();
    await app.seeText('Flow Stopped');
    await statusBadge(page, 'Stopped').waitFor();
    await app.seeText(
      "Stopped at task 1 of 3. Click 'Continue to Next Task' to run on from there, or Execute in the task list to run only task 1.",
    );
    expect(
      await panel
        .getByRole('button', { name: `Retry task 1: Research what is needed for: ${goal}` })
        .count(),
    ).toBe(1);
    await saveScreenshot(page, 'run-results-stopped');

    // Execute: the first task only, then the run waits.
    await taskItem(page, 1).getByRole('button', { name: 'Execute' }).click();
    await tasks.getByText('1/3', { exact: true }).waitFor();
    await app.seeText('Waiting for your confirmation');
    expect(await app.countSteps(/^Executing task 2 of 3/)).toBe(0);

    // Continue runs on; Stop again in the second task's answer, then Continue from the stop.
    await panel.getByRole('button', { name: 'Continue to Next Task' }).click();
    await app.seeStep(/^Draft: word1 word2/);
    await page.getByRole('button', { name: 'Stop Flow' }).click();
    await statusBadge(page, 'Stopped').waitFor();
    await app.seeText(/^Stopped at task 2 of 3\./);
    await panel.getByRole('button', { name: 'Continue to Next Task' }).click();

    await app.waitForFinalAnswer();
    await tasks.getByText('3/3', { exact: true }).waitFor();
    await tasks.getByText(SUCCESS).waitFor();
    expect(await panel.getByRole('button', { name: 'Continue to Next Task' }).count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
