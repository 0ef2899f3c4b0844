/**
 * `pnpm bench`: every performance budget, each figure beside its baseline from the same run.
 * Prints a table, writes results/latest.json, and exits non-zero when a budget is missed.
 * `--smoke` runs each measurement for a moment only, to show the bench still works; its figures
 * are not judged.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { engineRows } from './engine';
import { feedRows } from './feed';
import { httpRows } from './http';
import { lighthouseRows } from './lighthouse';
import { assetRows, memoryRows } from './memory-and-assets';
import { budgetText, type Row, ratio, type Settings, withinBudget } from './rows';

const smoke = process.argv.includes('--smoke');
const settings: Settings = smoke
  ? { smoke, httpSeconds: 1, idleSeconds: 1 }
  : { smoke, httpSeconds: 22, idleSeconds: 15 };

/** `--only=http,engine` measures those groups only (written to results/partial.json). */
const only = process.argv
  .find((argument) => argument.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const groups: Record<string, () => Promise<Row[]>> = {
  http: () => httpRows(settings),
  engine: () => engineRows(settings),
  feed: () => feedRows(settings),
  memory: () => memoryRows(settings),
  assets: () => assetRows(),
  lighthouse: () => lighthouseRows(settings),
};
const unknown = only?.filter((name) => !(name in groups)) ?? [];
if (unknown.length > 0) {
  throw new Error(`Unknown group ${unknown.join(', ')}; groups: ${Object.keys(groups).join(', ')}`);
}
/**
 * One group's rows. A smoke run shares its machine with the rest of CI: a group that fails there
 * (a Lighthouse load timing out on a starved CPU, say) is reported in full and measured once more.
 */
async function measureGroup(name: string, measure: () => Promise<Row[]>): Promise<Row[]> {
  try {
    return await measure();
  } catch (error) {
    if (!smoke) throw error;
    console.error(`Bench group "${name}" failed; measuring it once more. The failure:`, error);
    return measure();
  }
}

const rows: Row[] = [];
for (const [name, measure] of Object.entries(groups)) {
  if (!only || only.includes(name)) rows.push(...(await measureGroup(name, measure)));
}

const format = (value: number) =>
  value >= 100 ? Math.round(value).toString() : value.toFixed(value >= 10 ? 1 : 2);
const ratioText = (row: Row) => {
  const rowRatio = ratio(row);
  return rowRatio === null ? '-' : `${rowRatio.toFixed(2)}x`;
};
const table = rows.map((row) => ({
  row: row.name,
  figure: `${format(row.figure)} ${row.unit}`,
  baseline: `${format(row.baseline)} ${row.unit} (${row.baselineName})`,
  ratio: ratioText(row),
  budget: budgetText(row),
  verdict: smoke ? 'smoke' : withinBudget(row) ? 'ok' : 'MISSED',
}));
console.table(table);

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  new URL(smoke ? 'smoke.json' : only ? 'partial.json' : 'latest.json', `file://${resultsDir}`),
  `${JSON.stringify(
    {
      takenAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      smoke,
      rows: rows.map((row) => ({ ...row, ratio: ratio(row), withinBudget: withinBudget(row) })),
    },
    null,
    2,
  )}\n`,
);

const missed = smoke ? [] : rows.filter((row) => !withinBudget(row));
if (missed.length > 0) {
  console.log(`${missed.length} budget(s) missed: ${missed.map((row) => row.name).join('; ')}`);
  process.exitCode = 1;
}
