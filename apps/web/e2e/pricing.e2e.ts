import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, saveScreenshot, startFlow, startStack, useBrowser } from './support';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { FREE_FLOWS_PER_DAY: '3' }, name: 'pricing' });
});
afterAll(() => stack?.stop());

const browser = useBrowser({ baseUrl: () => stack.baseUrl });

const price = async (card: Locator) =>
  (
    await card
      .getByText(/^\$\d+$/)
      .first()
      .textContent()
  )?.trim();

describe('the pricing page', () => {
  it('switches between monthly and annual prices', async () => {
    const { page } = browser;
    await page.goto('/pricing');
    await page.getByText('Flows is in beta').waitFor();
    await page.getByText('Save 20%', { exact: true }).waitFor();
    const free = page.getByRole('article', { name: 'Free' });
    const pro = page.getByRole('article', { name: 'Pro' });
    const enterprise = page.getByRole('article', { name: 'Enterprise' });
    expect(await price(free)).toBe('$0');
    expect(await price(pro)).toBe('$24');
    expect(await price(enterprise)).toBe('$99');
    await free.getByText('5 flows per day', { exact: true }).waitFor();
    expect(await pro.getByText('Coming Soon').count()).toBeGreaterThan(0);

    await page.getByText('Annual', { exact: true }).click();
    await pro.getByText('$19', { exact: true }).waitFor();
    expect(await price(enterprise)).toBe('$79');
    expect(await price(free)).toBe('$0');
    await pro.getByText('Billed annually ($228 per year)').waitFor();
    await page.getByText('14-day free trial', { exact: true }).waitFor();
    await page.getByText('PayPal', { exact: true }).waitFor();
    await saveScreenshot(page, 'pricing-annual');

    await page.getByText('Monthly', { exact: true }).click();
    await pro.getByText('$24', { exact: true }).waitFor();

    await free.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/dashboard');
    expect(browser.errors).toEqual([]);
  });

  it("states this server's real free limit, and the dashboard counts the runs left", async () => {
    const { page } = browser;
    await page.goto('/pricing');
    await page
      .getByText('On this server the Free plan allows 3 runs per day; you have 3 left today.')
      .waitFor();

    await page.goto('/dashboard');
    const allowance = page.getByTestId('run-allowance');
    await allowance.getByText('3 of 3 runs left today on the free plan.').waitFor();
    await startFlow(page, 'Write a short poem about the sea');
    await allowance.getByText('2 of 3 runs left today on the free plan.').waitFor();
  });
});
