/**
 * The web app as a phone sees it: Lighthouse's mobile audit (its default: a Moto G Power on slow
 * 4G, simulated) of the compiled server's pages in Debian's Chromium, performance and
 * accessibility per page, each judged against the floor.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startFlows } from './processes';
import { median, type Row, type Settings } from './rows';

const CHROME_PATH = '/usr/bin/chromium';
const PAGES = ['/', '/dashboard', '/docs'];
const CATEGORIES = [
  { id: 'performance', label: 'performance', floor: 90 },
  { id: 'accessibility', label: 'accessibility', floor: 95 },
] as const;
/** Lighthouse's performance score varies from run to run: each page is audited this often. */
const RUNS_PER_PAGE = 5;

type Scores = Record<(typeof CATEGORIES)[number]['id'], number>;

/**
 * How often an audit is tried: Lighthouse now and then fails to record a page load
 * (NO_NAVSTART, NO_FCP) and asks to be run again; that is no measurement of the page.
 */
const ATTEMPTS = 3;

/** One Lighthouse mobile audit of `url` in the Chromium listening on `port`, scores 0-100. */
async function audit(url: string, port: number, attempt = 1): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES.map((category) => category.id),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    const failure = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= ATTEMPTS) throw new Error(failure);
    console.error(`${failure}; auditing again`);
    return audit(url, port, attempt + 1);
  }
  const scores = {} as Scores;
  for (const { id } of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse on ${url}: no ${id} score`);
    scores[id] = Math.round(score * 100);
  }
  return scores;
}

/**
 * Lighthouse mobile performance and accessibility of `/`, `/dashboard` and `/docs` served by the
 * compiled server (median of {@link RUNS_PER_PAGE} audits); `--smoke` audits `/` once.
 */
export async function lighthouseRows(settings: Settings): Promise<Row[]> {
  const pages = settings.smoke ? PAGES.slice(0, 1) : PAGES;
  const runs = settings.smoke ? 1 : RUNS_PER_PAGE;
  // Else chrome-launcher's spawn fails with an unhandled error event that ends the whole bench.
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Lighthouse needs Debian's Chromium at ${CHROME_PATH}: apt-get install chromium`,
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flows-bench-'));
  const flows = await startFlows({ DATA_DIR: dataDir });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox'],
      logLevel: 'error',
    });
    const rows: Row[] = [];
    for (const page of pages) {
      const audits: Scores[] = [];
      for (let run = 0; run < runs; run++)
        audits.push(await audit(`${flows.url}${page}`, chrome.port));
      for (const { id, label, floor } of CATEGORIES) {
        rows.push({
          name: `Lighthouse mobile ${label} of ${page}`,
          figure: median(audits.map((scores) => scores[id])),
          baseline: floor,
          baselineName: 'budget',
          unit: 'points',
          budget: { figureAtLeast: floor },
        });
      }
    }
    return rows;
  } finally {
    chrome?.kill();
    await flows.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
