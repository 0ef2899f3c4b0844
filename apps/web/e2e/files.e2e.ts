import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modelRequests, saveScreenshot, useWorkspace } from './support';

const app = useWorkspace();

/**
 * Drops files on `target` as a person dragging them from their desktop would: a DataTransfer
 * with the files, then dragenter, dragover and drop on the element.
 */
async function dropFiles(target: Locator, files: { name: string; type: string; text: string }[]) {
  const transfer = await target.page().evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type }));
    return data;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer: transfer });
  }
}

describe('files with a goal', () => {
  it('attaches a file by drag and drop, starts the run with it and shows it in the run', async () => {
    const { page } = app;
    await page.goto('/dashboard');
    const form = app.goalForm();
    const goal = 'Summarise these lease notes and list their deadlines';
    await form.getByRole('textbox', { name: 'Goal' }).fill(goal);

    await dropFiles(form, [
      {
        name: 'lease-notes.txt',
        type: 'text/plain',
        text: 'The rent is due on the 3rd. Notice period: 3 months, ends 30 June.',
      },
    ]);
    const chip = form.getByTestId('attachment-chip');
    await chip.getByText('lease-notes.txt').waitFor();
    await form.locator('[data-testid="attachment-chip"][data-status="ready"]').waitFor();
    expect(await chip.getByText('66 B').count()).toBe(1);

    // A file Flows cannot read is refused with the server's message, before the run starts.
    await dropFiles(form, [
      { name: 'tool.bin', type: 'application/octet-stream', text: '\u0000\u0001\u0002binary' },
    ]);
    await form.getByText(/^Flows cannot read this file/).waitFor();
    await form.getByRole('button', { name: 'Create & Run Tasks' }).click();
    await app.seeText('File refused');
    await form.getByRole('button', { name: 'Remove tool.bin' }).click();

    await form.getByRole('button', { name: 'Create & Run Tasks' }).click();
    await app.executionPanel().waitFor();
    await app.seeStep('This run uses 1 attached file: lease-notes.txt (document)');
    await app.waitForFinalAnswer();

    // The run lists its file, downloadable, and the model read the file's text.
    const runFiles = page.getByRole('region', { name: /Files in this run/ });
    await runFiles.getByText('lease-notes.txt').waitFor();
    const href = await runFiles
      .getByRole('link', { name: 'Download lease-notes.txt' })
      .getAttribute('href');
    const downloaded = await page.evaluate(async (path) => (await fetch(path!)).text(), href);
    expect(downloaded).toContain('Notice period: 3 months');
    const prompts = (await modelRequests()).map((request) => request.prompt);
    expect(
      prompts.some(
        (prompt) =>
          prompt.includes(goal) && prompt.includes('Notice period: 3 months, ends 30 June'),
      ),
    ).toBe(true);
    await saveScreenshot(page, 'files-run');
  });
});
