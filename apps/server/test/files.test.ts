import type { TFileView } from '@flows/api/contracts';
import { files } from '@flows/db';
import { type ScriptedModel, startScriptedModel } from '@flows/scripted-model';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docxWithParagraphs,
  fileForm,
  pdfWithoutText,
  pdfWithText,
  TINY_PNG,
} from './file-fixtures';
import { flowClient, type Session, signUp } from './flow-client';
import { createTestApp, json } from './harness';

/** A file's metadata as JSON carries it. */
type FileView = Omit<TFileView, 'createdAt'> & { createdAt: string };

let model: ScriptedModel;
let harness: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  model = await startScriptedModel();
  harness = await createTestApp(
    {
      MODEL_ENDPOINT: model.url,
      MODEL_TIMEOUT_MS: '2000',
      RUNS_PER_HOUR_PER_ADDRESS: '0',
      RUNS_PER_HOUR_PER_USER: '0',
    },
    { flows: true },
  );
});
afterAll(async () => {
  await harness?.close();
  await model?.close();
});

const cookieOf = (session?: Session): Record<string, string> =>
  session ? { cookie: session.cookie } : {};

function upload(form: FormData, session?: Session) {
  return harness.app.request('/api/files', {
    method: 'POST',
    headers: cookieOf(session),
    body: form,
  });
}

async function uploaded(form: FormData, session?: Session): Promise<FileView> {
  const response = await upload(form, session);
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${await response.text()}`);
  return json<FileView>(response);
}

const get = (path: string, session?: Session) =>
  harness.app.request(path, { headers: cookieOf(session) });

describe('uploads', () => {
  it('stores a file and answers its metadata, lists, downloads and deletes it', async () => {
    const ada = await signUp(harness.app, 'ada_files');
    const response = await upload(
      fileForm('meeting notes.txt', 'Meet on Friday at 10.\n', {
        type: 'text/plain',
        description: 'Notes from Monday',
      }),
      ada,
    );
    expect(response.status).toBe(201);
    const file = await json<FileView>(response);
    expect(file).toMatchObject({
      id: expect.any(String),
      filename: 'meeting notes.txt',
      originalFilename: 'meeting notes.txt',
      mimeType: 'text/plain',
      size: 22,
      description: 'Notes from Monday',
      createdAt: expect.any(String),
      taskId: null,
      kind: 'document',
    });
    const second = await uploaded(fileForm('later.md', '# Later\n\nSecond file'), ada);
    expect(second.mimeType).toBe('text/markdown');

    const list = await json<FileView[]>(await get('/api/files', ada));
    expect(list.map((item) => item.id)).toEqual([second.id, file.id]);
    expect(await json<FileView>(await get(`/api/files/${file.id}`, ada))).toEqual(file);

    const download = await get(`/api/files/${file.id}/content`, ada);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meeting notes.txt"/,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await download.text()).toBe('Meet on Friday at 10.\n');

    const deleted = await harness.app.request(`/api/files/${file.id}`, {
      method: 'DELETE',
      headers: cookieOf(ada),
    });
    expect(deleted.status).toBe(200);
    expect((await get(`/api/files/${file.id}`, ada)).status).toBe(404);
    expect((await get(`/api/files/${file.id}/content`, ada)).status).toBe(404);
    expect((await json<FileView[]>(await get('/api/files', ada))).map((item) => item.id)).toEqual([
      second.id,
    ]);
  });

  it("answers 404 to everyone but the uploader, and lists only the caller's files", async () => {
    const owner = await signUp(harness.app, 'owner_files');
    const other = await signUp(harness.app, 'other_files');
    const file = await uploaded(fileForm('secret.txt', 'owner only'), owner);
    for (const session of [other, undefined]) {
      expect((await get(`/api/files/${file.id}`, session)).status).toBe(404);
      expect((await get(`/api/files/${file.id}/content`, session)).status).toBe(404);
      const deleting = await harness.app.request(`/api/files/${file.id}`, {
        method: 'DELETE',
        headers: cookieOf(session),
      });
      expect(deleting.status).toBe(404);
    }
    expect(await json<FileView[]>(await get('/api/files', other))).toEqual([]);
    expect((await get('/api/files')).status).toBe(401);
    expect((await get(`/api/files/${file.id}`, owner)).status).toBe(200);

    // A visitor's file is reachable by its id without an account, never by a signed-in user.
    const visitors = await uploaded(fileForm('visitor.txt', 'from a visitor'));
    expect((await get(`/api/files/${visitors.id}/content`)).status).toBe(200);
    expect((await get(`/api/files/${visitors.id}`, owner)).status).toBe(404);
    expect((await get('/api/files/not-a-uuid')).status).toBe(404);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(65);
    const response = await upload(fileForm('big.txt', big, { type: 'text/plain' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'The file is larger than 10 MB, the most Flows takes for one file',
    });
  });

  it('detects the type from the bytes and refuses what Flows cannot read with 415', async () => {
    // A zip is no document Flows reads, whatever its name and claimed type say.
    const zip = docxWithParagraphs(['x']).slice(0, 30);
    const fakePdf = await upload(
      fileForm('contract.pdf', new Uint8Array([0x50, 0x4b, 3, 4, ...zip.slice(4)]), {
        type: 'application/pdf',
      }),
    );
    expect(fakePdf.status).toBe(415);
    const binary = await upload(
      fileForm('tool.exe', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0xff, 0xff])),
    );
    expect(binary.status).toBe(415);
    expect((await json<{ error: string }>(binary)).error).toMatch(
      /^Flows cannot read this file .*It reads PDF \(its text layer\), Word \(\.docx\)/,
    );
    // Text sent as something else is still text; an image is an image whatever the name.
    expect(
      (await uploaded(fileForm('data.bin', 'plain words', { type: 'image/png' }))).mimeType,
    ).toBe('text/plain');
    const png = await uploaded(fileForm('photo.txt', TINY_PNG, { type: 'text/plain' }));
    expect(png).toMatchObject({ mimeType: 'image/png', kind: 'image', textLength: 0 });
  });

  it('refuses a small Word document that unpacks to more than 64 MB (a zip bomb) with 415', async () => {
    const bomb = docxWithParagraphs(['Looks harmless'], {
      'word/media/filler.bin': new Uint8Array(65 * 1024 * 1024),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(fileForm('bomb.docx', bomb));
    expect(response.status).toBe(415);
    expect((await json<{ error: string }>(response)).error).toMatch(
      /^Flows cannot read this Word document \(it unpacks to more than 64 MB\)\./,
    );
    // A document with a large part within the limit is read as before.
    const large = docxWithParagraphs(['Still read'], {
      'word/media/filler.bin': new Uint8Array(8 * 1024 * 1024),
    });
    expect(await uploaded(fileForm('large.docx', large))).toMatchObject({
      textLength: 'Still read'.length,
    });
  });

  it('answers clear 4xx to malformed uploads', async () => {
    const json415 = await harness.app.request('/api/files', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json415.status).toBe(415);
    expect((await json<{ error: string }>(json415)).error).toMatch(/multipart\/form-data/);
    const noFile = new FormData();
    noFile.set('description', 'nothing');
    const missing = await upload(noFile);
    expect(missing.status).toBe(400);
    expect((await json<{ error: string }>(missing)).error).toMatch(/field 'file'/);
    const empty = await upload(fileForm('empty.txt', ''));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'The file is empty' });
    const longDescription = await upload(
      fileForm('a.txt', 'text', { description: 'x'.repeat(2001) }),
    );
    expect(longDescription.status).toBe(400);
  });
});

describe('text extraction', () => {
  it('reads the text layer of a PDF, a DOCX and a CSV, and says when a PDF has none', async () => {
    const pdf = await uploaded(
      fileForm(
        'contract.pdf',
        await pdfWithText([['Rental contract'], ['Deadline: pay rent by 1 March 2027']]),
      ),
    );
    expect(pdf).toMatchObject({ mimeType: 'application/pdf', extractionNote: null });
    expect(pdf.textLength).toBeGreaterThan(30);
    const docx = await uploaded(
      fileForm('terms.docx', docxWithParagraphs(['Notice period: 3 months'])),
    );
    expect(docx.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.textLength).toBe('Notice period: 3 months'.length);
    const csv = await uploaded(fileForm('dates.csv', 'item,due\ninsurance,15 April\n'));
    expect(csv.mimeType).toBe('text/csv');
    const scan = await uploaded(fileForm('scan.pdf', await pdfWithoutText()));
    expect(scan.extractionNote).toMatch(/This PDF has no text layer/);
    const html = await uploaded(
      fileForm(
        'page.html',
        '<html><body><h1>Title</h1><script>x()</script><p>Body</p></body></html>',
      ),
    );
    expect(html.mimeType).toBe('text/html');
  });
});

describe('runs with files', () => {
  it("sends the documents' text in the task-list and every task prompt, and records the run", async () => {
    const ada = await signUp(harness.app, 'ada_runs');
    const client = flowClient(harness.app, { cookie: ada.cookie });
    const pdf = await uploaded(
      fileForm('contract.pdf', await pdfWithText([['Deadline: pay rent by 1 March 2027']])),
      ada,
    );
    const docx = await uploaded(
      fileForm('terms.docx', docxWithParagraphs(['Notice period: 3 months'])),
      ada,
    );
    const csv = await uploaded(fileForm('dates.csv', 'item,due\ninsurance,15 April\n'), ada);
    const taskId = await client.start({
      goal: 'Summarise this contract and list its deadlines',
      fileIds: [pdf.id, docx.id, csv.id],
    });
    const state = await client.waitFor(taskId, ['complete']);
    const prompts = model.requests
      .map((request) => request.prompt)
      .filter((prompt) => prompt.includes('Summarise this contract and list its deadlines'));
    const planning = prompts.filter((prompt) => prompt.includes('Break the following goal'));
    const tasks = prompts.filter((prompt) => prompt.includes('Your current task:'));
    expect(planning).toHaveLength(1);
    expect(tasks).toHaveLength(state.tasks.length);
    for (const prompt of [...planning, ...tasks]) {
      expect(prompt).toContain('Deadline: pay rent by 1 March 2027');
      expect(prompt).toContain('Notice period: 3 months');
      expect(prompt).toContain('insurance,15 April');
      expect(prompt).toContain('=== contract.pdf ===');
    }
    const summary = prompts.find((prompt) => prompt.includes('Combine these results'));
    expect(summary).not.toContain('Notice period: 3 months');

    const steps = await client.steps(taskId);
    expect(steps[1]?.content).toBe(
      'This run uses 3 attached files: contract.pdf (document); terms.docx (document); dates.csv (document)',
    );
    const runFiles = await json<FileView[]>(await get(`/api/tasks/${taskId}/files`, ada));
    expect(runFiles.map((file) => file.id).sort()).toEqual([pdf.id, docx.id, csv.id].sort());
    expect((await json<FileView>(await get(`/api/files/${pdf.id}`, ada))).taskId).toBe(taskId);
    const history = await json<{ id: string; fileCount: number }[]>(await get('/api/tasks', ada));
    expect(history.find((task) => task.id === taskId)?.fileCount).toBe(3);

    // Reusing a file in a second run copies it, so the first run keeps its files.
    const again = await client.start({ goal: 'List the deadlines again', fileIds: [csv.id] });
    await client.waitFor(again, ['complete']);
    const secondFiles = await json<FileView[]>(await get(`/api/tasks/${again}/files`, ada));
    expect(secondFiles).toHaveLength(1);
    expect(secondFiles[0]).toMatchObject({ originalFilename: 'dates.csv', taskId: again });
    expect(await json<FileView[]>(await get(`/api/tasks/${taskId}/files`, ada))).toHaveLength(3);
  });

  it('cuts long documents to the prompt budget and says what was cut', async () => {
    const paragraphs = Array.from(
      { length: 12 },
      (_, index) => `Clause ${index + 1}. ${'The tenant keeps the flat tidy. '.repeat(40)}`,
    );
    const long = await uploaded(fileForm('long.txt', paragraphs.join('\n\n')));
    const client = flowClient(harness.app);
    const taskId = await client.start({ goal: 'Check the long lease clauses', fileIds: [long.id] });
    await client.waitFor(taskId, ['complete']);
    const planning = model.requests.find(
      (request) =>
        request.prompt.includes('Check the long lease clauses') &&
        request.prompt.includes('Break the following goal'),
    )!;
    expect(planning.prompt).toContain('=== long.txt (part 1 of');
    expect(planning.prompt).toMatch(/\[Cut to fit this prompt's budget of 12000 characters: /);
    expect(planning.prompt).not.toContain('Clause 12.');
  });

  it('refuses more files than a run may use (413) and files of others (404)', async () => {
    const ada = await signUp(harness.app, 'ada_limits');
    const client = flowClient(harness.app, { cookie: ada.cookie });
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      ids.push((await uploaded(fileForm(`f${index}.txt`, `file ${index}`), ada)).id);
    }
    const tooMany = await client.post('/api/flows', { goal: 'Use six files', fileIds: ids });
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({
      error: 'A run can use at most 5 files (6 were attached)',
    });
    const visitorsFile = await uploaded(fileForm('v.txt', 'visitor'));
    const foreign = await client.post('/api/flows', {
      goal: 'Use a visitor file',
      fileIds: [visitorsFile.id],
    });
    expect(foreign.status).toBe(404);
    // Nothing was started or attached by the refused runs.
    expect((await json<FileView>(await get(`/api/files/${ids[0]}`, ada))).taskId).toBeNull();
  });

  it('sends an image as an image part of a multi-part message', async () => {
    const client = flowClient(harness.app);
    const image = await uploaded(fileForm('chart.png', TINY_PNG));
    const taskId = await client.start({ goal: 'Describe the attached chart', fileIds: [image.id] });
    await client.waitFor(taskId, ['complete']);
    const calls = model.requests.filter((request) =>
      request.prompt.includes('Describe the attached chart'),
    );
    const withImages = calls.filter((request) => request.images.length > 0);
    // The task list and every task carry the image; the summary does not.
    expect(withImages.length).toBe(calls.length - 1);
    expect(withImages[0]!.images).toEqual([`data:image/png;base64,${TINY_PNG.toString('base64')}`]);
    expect(withImages[0]!.prompt).toContain(
      '=== chart.png ===\n[An image, sent with this message.]',
    );
  });
});

describe('a model that rejects image parts', () => {
  let textOnly: ScriptedModel;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    textOnly = await startScriptedModel({ rejectImages: true });
    app = await createTestApp(
      { MODEL_ENDPOINT: textOnly.url, MODEL_TIMEOUT_MS: '2000' },
      {
        flows: true,
        database: harness.database,
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await textOnly?.close();
  });

  it('gets a clear step, and the run goes on with the text it has', async () => {
    const form = fileForm('photo.png', TINY_PNG);
    const image = await json<FileView>(
      await app.app.request('/api/files', { method: 'POST', body: form }),
    );
    const notes = await json<FileView>(
      await app.app.request('/api/files', {
        method: 'POST',
        body: fileForm('notes.txt', 'The photo shows a red bicycle.'),
      }),
    );
    const client = flowClient(app.app);
    const taskId = await client.start({
      goal: 'Describe the photo',
      fileIds: [image.id, notes.id],
    });
    const state = await client.waitFor(taskId, ['complete']);
    expect(state.tasks.every((task) => task.completed && !task.failed)).toBe(true);
    const steps = await client.steps(taskId);
    const refusals = steps.filter((step) =>
      step.content.startsWith('The model did not accept the attached images'),
    );
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.content).toContain('400');
    const answered = textOnly.requests.filter(
      (request) => request.images.length === 0 && request.prompt.includes('Describe the photo'),
    );
    expect(answered.some((request) => request.prompt.includes('a red bicycle'))).toBe(true);
  });
});

describe("visitors' files", () => {
  it('expire with the visitor data: 404 after VISITOR_FILE_TTL_HOURS, deleted at the next upload', async () => {
    const old = await uploaded(fileForm('old.txt', 'an old visitor file'));
    const taskId = await flowClient(harness.app).start({
      goal: 'Read the old file',
      fileIds: [old.id],
    });
    const [attached] = await json<FileView[]>(await get(`/api/tasks/${taskId}/files`));
    expect(attached).toMatchObject({ originalFilename: 'old.txt' });
    const db = harness.database.db;
    await db
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(files.id, attached!.id));
    expect((await get(`/api/files/${attached!.id}`)).status).toBe(404);
    expect((await get(`/api/files/${attached!.id}/content`)).status).toBe(404);
    expect(await json(await get(`/api/tasks/${taskId}/files`))).toEqual([]);
    await uploaded(fileForm('new.txt', 'a new visitor file'));
    expect(await db.select({ id: files.id }).from(files).where(eq(files.id, attached!.id))).toEqual(
      [],
    );
  });
});
