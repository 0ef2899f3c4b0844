import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, useBrowser } from './support';

const browser = useBrowser();

/** Resolves once `text` is visible on the page (toasts, headings, messages). */
const seeText = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

/** The header's signed-in variant: History, Settings and Logout, and no Login or Register. */
async function expectSignedInHeader(page: Page) {
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Logout' }).waitFor();
  expect(await header.getByRole('button', { name: 'History' }).isVisible()).toBe(true);
  expect(await header.getByRole('button', { name: 'Settings' }).isVisible()).toBe(true);
  expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
  expect(await header.getByRole('link', { name: 'Register' }).count()).toBe(0);
}

describe('accounts in the browser', () => {
  it('registers, logs out, fails a login, logs in and stays signed in', async () => {
    const { page } = browser;
    const username = `ada_${Date.now().toString(36)}`;
    const password = 'correct horse battery';

    await page.goto('/auth?tab=register');
    const registerForm = page.getByRole('form', { name: 'Register' });
    await registerForm.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await registerForm
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(`${username}@example.com`);
    await registerForm.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await registerForm
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill(password);
    await registerForm
      .getByRole('textbox', { name: 'Display name', exact: true })
      .fill('Ada Lovelace');
    await registerForm.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/dashboard');
    await seeText(page, 'Registration successful');
    await expectSignedInHeader(page);

    await page.locator('header').getByRole('button', { name: 'Logout' }).click();
    await seeText(page, 'Logged out');
    await page.locator('header').getByRole('link', { name: 'Login' }).click();

    await page.waitForURL('**/auth');
    const loginForm = page.getByRole('form', { name: 'Login' });
    await loginForm.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await loginForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('not the password');
    await loginForm.getByRole('button', { name: 'Login' }).click();
    await seeText(page, 'Login failed');
    await seeText(page, 'Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/auth');

    await loginForm.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await loginForm.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await seeText(page, 'Login successful');
    await seeText(page, 'Welcome back, Ada Lovelace!');
    await expectSignedInHeader(page);
    await saveScreenshot(page, 'signed-in-dashboard');

    // The session cookie carries over a reload, and the signed-in user is sent away from /auth.
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await expectSignedInHeader(page);
    expect(browser.errors).toEqual([]);
  });

  it('guards /integrations: a visitor is sent to /auth', async () => {
    const { page } = browser;

    await page.goto('/integrations');
    await page.waitForURL('**/auth');
    await page.getByRole('form', { name: 'Login' }).waitFor();
  });

  it('renders the landing page', async () => {
    const { page } = browser;

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Flows' }).waitFor();
    await page.getByRole('link', { name: 'Get Started with Flows' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = browser;

    await page.goto('/no/such/page');
    await seeText(page, '404 Page Not Found');
    await seeText(page, 'Did you forget to add the page to the router?');
  });

  it('shows the marketing panel on wide screens only', async () => {
    const { page } = browser;
    const panelHeading = page.getByRole('heading', { name: 'Intelligent Automation' });

    for (const [width, height, label] of [
      [1280, 800, 'wide'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/auth');
      await page.getByRole('form', { name: 'Login' }).waitFor();
      expect(await panelHeading.isVisible()).toBe(width >= 992);
      await saveScreenshot(page, `auth-login-${label}`);

      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('form', { name: 'Register' }).waitFor();
      expect(new URL(page.url()).search).toBe('?tab=register');
      await saveScreenshot(page, `auth-register-${label}`);
    }

    const registerForm = page.getByRole('form', { name: 'Register' });
    await registerForm
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('correct horse');
    await registerForm
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill('correct hose');
    await seeText(page, 'Passwords do not match');
    expect(await registerForm.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(
      true,
    );
    await saveScreenshot(page, 'auth-register-mismatch-phone');
  });
});
