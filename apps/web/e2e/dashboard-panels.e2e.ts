import { describe, expect, it } from 'vitest';
import { modelRequests, saveScreenshot, useWorkspace } from './support';

const app = useWorkspace();

const POEM = 'Write a short poem about the sea';

describe('goal workspace panels', () => {
  it('validates AI settings, keeps them across a reload and runs with them', async () => {
    const { page } = app;

    await page.goto('/dashboard?panel=settings');
    const dialog = page.getByRole('dialog', { name: 'AI Settings' });
    await dialog.getByText('Using Proprietary AI Engine').waitFor();
    await dialog.getByText('Local AI Engine', { exact: true }).waitFor();
    // The fixed engine address is the server's own (it arrives with system.model).
    const endpoint = dialog.getByRole('textbox', { name: 'Endpoint' });
    await expect.poll(() => endpoint.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    const model = dialog.getByRole('textbox', { name: /^Model/ });
    await model.fill('   ');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await dialog.getByText('Model is required').waitFor();
    await saveScreenshot(page, 'dashboard-settings-invalid');

    await model.fill('sea-model');
    const temperature = dialog.getByRole('slider', { name: 'Temperature' });
    await temperature.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await temperature.getAttribute('aria-valuenow')).toBe('0.9');
    await dialog.getByText('0.9', { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await app.seeText('Settings Saved');
    await app.seeText('Your API settings have been updated successfully.');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');

    await page.reload();
    await page.getByRole('button', { name: 'AI Settings' }).click();
    await dialog.waitFor();
    expect(await model.inputValue()).toBe('sea-model');
    expect(await temperature.getAttribute('aria-valuenow')).toBe('0.9');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The run asks the model with the saved model name and temperature.
    await app.startFlow('Name three sea birds', { auto: false });
    await app.seeText('Waiting for your confirmation');
    const requests = await modelRequests();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.model).toBe('sea-model');
      expect(request.temperature).toBeCloseTo(0.9);
    }
    expect(app.errors).toEqual([]);
  });

  it('keeps task history for a signed-in user: Reuse, Open and Clear History', async () => {
    const { page } = app;
    await app.signUp('history');
    const goal = 'Write a haiku about the harbour';

    await app.startFlow(goal, { auto: false });
    await app.seeText('Waiting for your confirmation');

    await page.locator('header').getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task History' });
    await dialog.getByText(goal).waitFor();
    await dialog.getByText(/^Today at \d{1,2}:\d{2} (AM|PM)$/).waitFor();
    await saveScreenshot(page, 'dashboard-history');

    await dialog.getByRole('button', { name: 'Reuse' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await app.seeText('Task Loaded');
    await app.seeText('Previous task has been loaded to the input field');
    expect(await page.getByRole('textbox', { name: 'Goal' }).inputValue()).toBe(goal);

    // A past task's steps open into an empty log.
    await app.executionPanel().getByRole('button', { name: 'Reset' }).click();
    await app.seeText('Flow Ready');
    await page.locator('header').getByRole('button', { name: 'History' }).click();
    await dialog.getByRole('button', { name: 'Open' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await app.seeStep(`I need to understand the goal: ${goal}`);
    await app.seeStep(/^I've broken the goal into 3 tasks/);

    await page.locator('header').getByRole('button', { name: 'History' }).click();
    await dialog.getByRole('button', { name: 'Clear History' }).click();
    // Clearing deletes every run, so it asks first.
    await page
      .getByRole('dialog', { name: 'Clear History' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await app.seeText('History Cleared');
    await app.seeText('Your task history has been cleared successfully');
    await dialog.getByText('No previous tasks found').waitFor();
    expect(app.errors).toEqual([]);
  });

  it('hides the left column under 768 px and lays out a phone screen', async () => {
    const { page } = app;
    const templatesHeading = page.getByRole('heading', { name: 'Quick Templates' });

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/dashboard');
    await templatesHeading.waitFor();
    await page.getByRole('button', { name: /Research Assistant/ }).waitFor();
    await page.getByRole('heading', { name: 'Current Model' }).waitFor();
    await saveScreenshot(page, 'dashboard-768');

    await page.setViewportSize({ width: 767, height: 900 });
    await templatesHeading.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await templatesHeading.isVisible()).toBe(false);
    await saveScreenshot(page, 'dashboard-empty-phone');
    await app.startFlow(POEM, { auto: false });
    await app.seeText('Waiting for your confirmation');
    await app.taskList().getByRole('button', { name: 'Execute' }).waitFor();
    // Start sat below the fold; the feed's title and controls come back into view, below the
    // sticky header.
    const title = app.executionPanel().getByRole('heading', { name: /Flow Execution/ });
    const titleInView = (heading: Element) => {
      const { top, bottom } = heading.getBoundingClientRect();
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      return top >= header && bottom <= window.innerHeight;
    };
    await page.waitForFunction(titleInView, await title.elementHandle());
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'dashboard-waiting-phone');
    expect(app.errors).toEqual([]);
  });

  it('works from the keyboard, with a visible focus ring on each control', async () => {
    const { page } = app;
    const focusRing = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active) return null;
        const style = getComputedStyle(active);
        return {
          name: active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '',
          ring: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        };
      });

    await page.goto('/dashboard');
    const template = page.getByRole('button', { name: /Research Assistant/ });
    await template.waitFor();
    // Keyboard focus: move onto the template from the one before it.
    await page.getByRole('button', { name: /Project Planner/ }).focus();
    await page.keyboard.press('Tab');
    expect(await focusRing()).toMatchObject({ ring: true });
    expect((await focusRing())?.name).toContain('Research Assistant');
    await page.keyboard.press('Enter');
    const goal = app.goalForm().getByRole('textbox', { name: 'Goal' });
    expect(await goal.inputValue()).not.toBe('');
    await goal.fill(POEM);

    // Goal box, then attaching files, then AUTO (Space turns it off), then the start button.
    await page.keyboard.press('Tab');
    expect(await focusRing()).toMatchObject({ name: 'Attach files', ring: true });
    await page.keyboard.press('Tab');
    expect(await focusRing()).toMatchObject({ ring: true });
    await page.keyboard.press('Space');
    expect(await app.goalForm().getByRole('switch', { name: 'AUTO' }).isChecked()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focusRing()).toMatchObject({ name: 'Start Flow', ring: true });
    await saveScreenshot(page, 'dashboard-keyboard-focus');
    await page.keyboard.press('Enter');
    await app.seeText('Waiting for your confirmation');

    // Execute, reached by keyboard, runs the current task.
    const execute = app.taskList().getByRole('button', { name: 'Execute' });
    await execute.focus();
    await page.keyboard.press('Enter');
    await app.taskList().getByText('1/3', { exact: true }).waitFor();
    expect(app.errors).toEqual([]);
  });
});
