/**
 * The server at rest and what a browser downloads: idle memory of both database modes beside a
 * bare Hono process, and the web app's JavaScript and caching as the compiled server sends them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, residentMb, sleep, startBareHono, startFlows } from './processes';
import type { Row, Settings } from './rows';

/** Resident memory after `idleSeconds` without requests. */
async function idleMemory(start: () => ReturnType<typeof startFlows>, settings: Settings) {
  const running = await start();
  try {
    await fetch(`${running.url}/api/ready`);
    await sleep(settings.idleSeconds * 1000);
    return await residentMb(running.child.pid!);
  } finally {
    await running.stop();
  }
}

export async function memoryRows(settings: Settings): Promise<Row[]> {
  const bareMb = await idleMemory(startBareHono, settings);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flows-bench-'));
  const database = await freshDatabase();
  try {
    // The bench's DATABASE_URL names its PostgreSQL server: without it Flows embeds PGlite.
    const pglite = await idleMemory(
      () => startFlows({ DATA_DIR: dataDir, DATABASE_URL: undefined }),
      settings,
    );
    const postgresMode = await idleMemory(
      () => startFlows({ DATABASE_URL: database.url }),
      settings,
    );
    const base = { baseline: bareMb, baselineName: 'bare Hono process', unit: 'MB' };
    return [
      { name: 'server RSS idle, PGlite', figure: pglite, ...base, budget: { figureAtMost: 450 } },
      {
        name: 'server RSS idle, PostgreSQL',
        figure: postgresMode,
        ...base,
        budget: { figureAtMost: 120 },
      },
    ];
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A GET whose body is kept as it came over the wire (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** Gzip bytes of the JavaScript a cold load of `/` fetches before it can run. */
async function initialJavaScript(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  let gzipBytes = 0;
  let unprepared = 0;
  for (const script of new Set(scripts)) {
    const response = await rawGet(`${baseUrl}${script}`, { 'accept-encoding': 'gzip' });
    const onWire = response.body.byteLength;
    gzipBytes += onWire;
    // Hashed assets (under /assets/) never change; other files keep their names and revalidate.
    const cachedRight =
      !script.startsWith('/assets/') ||
      String(response.headers['cache-control']).includes('immutable');
    if (response.headers['content-encoding'] !== 'gzip' || !cachedRight) unprepared += 1;
  }
  return { gzipKb: Math.round(gzipBytes / 1024), scripts: new Set(scripts).size, unprepared };
}

export async function assetRows(): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flows-bench-'));
  const flows = await startFlows({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const initial = await initialJavaScript(flows.url);
    return [
      {
        name: 'initial JavaScript of / (gzip)',
        figure: initial.gzipKb,
        baseline: 200,
        baselineName: 'budget',
        unit: 'KB',
        budget: { figureAtMost: 200 },
      },
      {
        name: 'initial scripts not precompressed, or hashed and not immutable',
        figure: initial.unprepared,
        baseline: initial.scripts,
        baselineName: 'initial scripts',
        unit: 'files',
        budget: { figureAtMost: 0 },
      },
    ];
  } finally {
    await flows.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
