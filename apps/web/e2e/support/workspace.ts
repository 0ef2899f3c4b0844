import type { Locator, Page } from 'playwright-core';
import { type BrowserOptions, type BrowserSession, useBrowser } from './browser';

/** Resolves once `text` is visible on the page (toasts, headings, notices). */
export function seeText(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  const locator =
    typeof text === 'string' ? page.getByText(text, { exact: true }) : page.getByText(text);
  return locator.first().waitFor({ state: 'visible', timeout });
}

/** The goal workspace's full goal form ('Set Flow Goal'). */
export function goalForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Set Flow Goal' });
}

/** The flow execution panel (after a start). */
export function executionPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Flow Execution' });
}

/** The execution feed's scrolling list of steps. */
export function stepFeed(page: Page): Locator {
  return page.getByRole('region', { name: 'Execution steps' });
}

/** The task list panel. */
export function taskList(page: Page): Locator {
  return page.getByRole('region', { name: 'Task List' });
}

/** Resolves once a step of the execution feed shows `text` (a string matches part of a step). */
export function seeStep(page: Page, text: string | RegExp): Promise<void> {
  return stepFeed(page).getByText(text).waitFor();
}

/** How many steps of the execution feed show `text` (a string matches part of a step). */
export function countSteps(page: Page, text: string | RegExp): Promise<number> {
  return stepFeed(page).getByText(text).count();
}

/**
 * Opens /dashboard, types `goal` into the full goal form, sets AUTO and starts the flow with the
 * form's main button ('Create & Run Tasks' with AUTO on, 'Start Flow' with it off).
 */
export async function startFlow(page: Page, goal: string, { auto = true } = {}): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/dashboard')) await page.goto('/dashboard');
  const form = goalForm(page);
  await form.getByRole('textbox', { name: 'Goal' }).fill(goal);
  const toggle = form.getByRole('switch', { name: 'AUTO' });
  if ((await toggle.isChecked()) !== auto) await toggle.click({ force: true });
  await form.getByRole('button', { name: auto ? 'Create & Run Tasks' : 'Start Flow' }).click();
  await executionPanel(page).waitFor();
}

/** Waits until the run's final summary (the demo model's combined answer) is in the feed. */
export async function waitForFinalAnswer(page: Page): Promise<void> {
  await stepFeed(page)
    .getByText(/Final answer \(demo model\): here is the combined result/)
    .first()
    .waitFor({ timeout: 30_000 });
  await executionPanel(page).getByText('Complete', { exact: true }).waitFor();
}

/** A reply of `words` words, for scripted answers that stream long enough to act during them. */
export function longReply(words: number, lead = 'Long answer'): string {
  return `${lead}: ${Array.from({ length: words }, (_, index) => `word${index + 1}`).join(' ')}.`;
}

/** Registers a fresh account from inside the page (same origin, so the session cookie sticks). */
export async function signUp(page: Page, name = 'sea'): Promise<string> {
  if (page.url() === 'about:blank') await page.goto('/');
  const username = `${name}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const status = await page.evaluate(async (user) => {
    const response = await fetch('/api/register', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'include',
      body: JSON.stringify({
        username: user,
        email: `${user}@example.com`,
        password: 'correct horse battery',
      }),
    });
    return response.status;
  }, username);
  if (status >= 300) throw new Error(`Registering ${username} answered ${status}`);
  return username;
}

/** The helpers above, acting on the current test's page (see {@link useWorkspace}). */
export type WorkspaceActions = {
  goalForm(): Locator;
  executionPanel(): Locator;
  stepFeed(): Locator;
  taskList(): Locator;
  seeText(text: string | RegExp, timeout?: number): Promise<void>;
  seeStep(text: string | RegExp): Promise<void>;
  countSteps(text: string | RegExp): Promise<number>;
  startFlow(goal: string, options?: { auto?: boolean }): Promise<void>;
  waitForFinalAnswer(): Promise<void>;
  signUp(name?: string): Promise<string>;
};

/**
 * {@link useBrowser} for a file that tests the goal workspace: the same hooks and session, with
 * the workspace helpers bound to the current test's page (`app.startFlow(goal)`,
 * `app.stepFeed()`). For another page, call the helpers themselves with it.
 */
export function useWorkspace(options?: BrowserOptions): BrowserSession & WorkspaceActions {
  const session = useBrowser(options);
  const actions: WorkspaceActions = {
    goalForm: () => goalForm(session.page),
    executionPanel: () => executionPanel(session.page),
    stepFeed: () => stepFeed(session.page),
    taskList: () => taskList(session.page),
    seeText: (text, timeout) => seeText(session.page, text, timeout),
    seeStep: (text) => seeStep(session.page, text),
    countSteps: (text) => countSteps(session.page, text),
    startFlow: (goal, options) => startFlow(session.page, goal, options),
    waitForFinalAnswer: () => waitForFinalAnswer(session.page),
    signUp: (name) => signUp(session.page, name),
  };
  // The session's fields are getters that follow the current test: inherit them, do not copy.
  return Object.assign(Object.create(session) as BrowserSession, actions);
}
