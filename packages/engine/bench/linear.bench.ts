/**
 * Shows that parseTaskList, extractCodeBlocks and classifyPreview take linear time: for each
 * input shape the time per MB at 10 MB is compared with the time per MB at 100 KB. The target is
 * a ratio within 2x; the run fails (exit 1) only above 3x, because shared CI machines are noisy.
 */
import { classifyPreview, extractCodeBlocks, parseTaskList } from '../src/index';

const SMALL = 100 * 1024;
const LARGE = 10 * 1024 * 1024;
const TARGET_RATIO = 2;
const FAIL_RATIO = 3;
const MIN_SAMPLE_MS = 500;
const ROUNDS = 9;
// Below this many ms per MB a call is a few plain memory scans (10 MB in about a millisecond);
// there, cache effects dominate the ratio and no regular-expression blow-up can hide.
const NOISE_FLOOR_MS_PER_MB = 0.1;

/** Repeats `unit` until the text is `size` characters long. */
function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

const REALISTIC_UNIT = [
  'Here is my plan for the goal.\n',
  '1. Research the topic and collect sources\n',
  '- Draft the outline [with notes] and {braces}\n',
  '```html\n<div class="card"><p>Hello</p></div>\n```\n',
  'Some more prose with `inline code` and a <span>tag</span>.\n\n',
].join('');

const INPUTS: Record<string, (size: number) => string> = {
  'realistic reply': (size) => fill(REALISTIC_UNIT, size),
  "'[' only": (size) => fill('[', size),
  "'[' then ']'": (size) => fill('[', size / 2) + fill(']', size / 2),
  'backticks only': (size) => fill('`', size),
  "'```a' no newline": (size) => fill('```a', size),
  'unclosed fence': (size) => `\`\`\`js\n${fill('x', size - 6)}`,
  "'{' only": (size) => fill('{', size),
  "'<' only": (size) => fill('<', size),
  'list lines': (size) => fill('1. task\n', size),
  'blank lines': (size) => fill('\n \n', size),
};

const FUNCTIONS: Record<string, (text: string) => unknown> = {
  parseTaskList,
  extractCodeBlocks,
  classifyPreview,
};

/** How many calls make one sample last at least ~2 ms (the timer's resolution is coarse). */
function batchSize(fn: (text: string) => unknown, text: string): number {
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn(text);
    if (performance.now() - t0 >= 2 || batch >= 1 << 16) return batch;
    batch *= 2;
  }
}

/** Milliseconds of one call, from one batched sample. */
function sample(fn: (text: string) => unknown, text: string, batch: number): number {
  const t0 = performance.now();
  for (let i = 0; i < batch; i++) fn(text);
  return (performance.now() - t0) / batch;
}

/**
 * Best milliseconds per MB at both sizes. Samples of the two sizes alternate over ROUNDS rounds so
 * that load from other processes hits both alike, and the best sample of each size is kept:
 * interference only ever adds time.
 */
function measure(fn: (text: string) => unknown, small: string, large: string): [number, number] {
  const smallBatch = batchSize(fn, small);
  const largeBatch = batchSize(fn, large);
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  const started = performance.now();
  for (
    let round = 0;
    round < ROUNDS || (performance.now() - started < MIN_SAMPLE_MS && round < 50);
    round++
  ) {
    bestSmall = Math.min(bestSmall, sample(fn, small, smallBatch));
    bestLarge = Math.min(bestLarge, sample(fn, large, largeBatch));
  }
  const mb = (text: string) => text.length / (1024 * 1024);
  return [bestSmall / mb(small), bestLarge / mb(large)];
}

type Row = { fn: string; input: string; small: number; large: number; ratio: number };

const rows: Row[] = [];
for (const [inputName, make] of Object.entries(INPUTS)) {
  const small = make(SMALL);
  const large = make(LARGE);
  for (const [fnName, fn] of Object.entries(FUNCTIONS)) {
    const [smallMs, largeMs] = measure(fn, small, large);
    rows.push({
      fn: fnName,
      input: inputName,
      small: smallMs,
      large: largeMs,
      ratio: Math.max(largeMs, NOISE_FLOOR_MS_PER_MB) / Math.max(smallMs, NOISE_FLOOR_MS_PER_MB),
    });
  }
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number) => value.toFixed(3).padStart(10);
console.log(
  `${pad('function', 18)} ${pad('input', 20)} ${'ms/MB@100KB'.padStart(12)} ${'ms/MB@10MB'.padStart(12)} ${'ratio'.padStart(7)}  verdict`,
);
for (const row of rows) {
  const verdict =
    row.ratio <= TARGET_RATIO ? 'pass' : row.ratio <= FAIL_RATIO ? 'noisy (within 3x)' : 'FAIL';
  console.log(
    `${pad(row.fn, 18)} ${pad(row.input, 20)} ${num(row.small)}   ${num(row.large)}   ${row.ratio.toFixed(2).padStart(5)}  ${verdict}`,
  );
}
const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
const failed = rows.filter((row) => row.ratio > FAIL_RATIO);
const withinTarget = rows.filter((row) => row.ratio <= TARGET_RATIO).length;
console.log(
  `\n${withinTarget}/${rows.length} within ${TARGET_RATIO}x; worst ${worst.ratio.toFixed(2)}x (${worst.fn}, ${worst.input}).`,
);
console.log(
  failed.length === 0 ? 'PASS: linear time' : `FAIL: ${failed.length} case(s) above ${FAIL_RATIO}x`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
