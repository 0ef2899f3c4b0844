import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scriptModel, useWorkspace } from './support';

const app = useWorkspace();

/**
 * Records every Content-Security-Policy violation of the page and its frames, and every console
 * message about one, so a test can require none.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation?: (text: string) => void })
        .reportViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI} in ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('the Content-Security-Policy', () => {
  it('is sent with the app, and no page breaks it', async () => {
    const { page } = app;
    const violations = await watchViolations(page);
    const answer = await page.request.get('/dashboard');
    expect(answer.headers()['content-security-policy']).toContain("default-src 'self'");

    for (const path of ['/', '/dashboard', '/docs', '/pricing', '/code-test', '/dexlink']) {
      await page.goto(path);
      await page.getByRole('banner').waitFor();
      await page.getByRole('contentinfo').waitFor();
    }
    await app.signUp('csp');
    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Add Webhook' }).first().click();
    await page.getByRole('dialog').waitFor();
    expect(violations).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it("runs a preview's inline scripts and styles in its sandbox, not in the app", async () => {
    const { page } = app;
    const violations = await watchViolations(page);
    const goal = 'Show a page that counts for me';
    const html =
      '<!DOCTYPE html><html><head><style>h1 { color: rgb(200, 30, 30); }</style></head>' +
      '<body><h1>Counter</h1><p id="out">script did not run</p>' +
      "<script>document.getElementById('out').textContent = 'script ran';</script></body></html>";
    await scriptModel({
      match: new RegExp(`Your current task: Draft the answer for: ${goal}`),
      reply: `Here is the page.\n\n\`\`\`html\n${html}\n\`\`\``,
    });

    await app.startFlow(goal);
    await app.waitForFinalAnswer();
    const frame = app.stepFeed().locator('iframe[title="Website preview"]').first();
    await frame.scrollIntoViewIfNeeded();
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const preview = frame.contentFrame();
    await preview.getByText('script ran', { exact: true }).waitFor();
    const color = await preview
      .getByRole('heading', { name: 'Counter' })
      .evaluate((heading) => getComputedStyle(heading).color);
    expect(color).toBe('rgb(200, 30, 30)');
    // The preview has an opaque origin: it cannot read the app's storage or cookies.
    const origin = await preview.locator('body').evaluate(() => window.origin);
    expect(origin).toBe('null');
    expect(violations).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
