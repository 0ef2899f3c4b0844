/** One line of the bench's table: a figure beside its baseline, and the budget for their ratio. */
export type Row = {
  name: string;
  figure: number;
  baseline: number;
  baselineName: string;
  unit: string;
  /** The ratio figure / baseline must be at least or at most this; or the figure itself must. */
  budget:
    | { atLeast: number }
    | { atMost: number }
    | { figureAtMost: number }
    | { figureAtLeast: number };
};

/** How long each measurement runs: `--smoke` only checks that every row still runs. */
export type Settings = { smoke: boolean; httpSeconds: number; idleSeconds: number };

/** The median of `values` (0 for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * A figure and its baseline measured in the same rounds, compared within each round: those of the
 * round whose ratio is the median of the rounds' ratios. A shared machine's pace changes from one
 * minute to the next, and the medians of the two series taken apart can come from rounds of
 * different paces: in a run of 2026-12-07 bare Hono answered 35-37k req/s in the first four
 * rounds and 21-24k in the rest, and the tRPC twin's median over the templates' median said 0.69x
 * where nine rounds of eleven said 0.84x or more (their median 1.01x).
 */
export function pairedMedian(
  figures: number[],
  baselines: number[],
): { figure: number; baseline: number } {
  const rounds = figures
    .map((figure, index) => ({ figure, baseline: baselines[index] ?? 0 }))
    .filter((round) => round.baseline > 0)
    .sort((a, b) => a.figure / a.baseline - b.figure / b.baseline);
  return rounds[Math.floor(rounds.length / 2)] ?? { figure: 0, baseline: 0 };
}

/** figure / baseline; none where the baseline is not above zero (a bare timer's lateness may be). */
export const ratio = (row: Row): number | null =>
  row.baseline > 0 ? row.figure / row.baseline : null;

/** Whether a row is within its budget. */
export function withinBudget(row: Row): boolean {
  const { budget } = row;
  const rowRatio = ratio(row);
  if ('atLeast' in budget) return rowRatio !== null && rowRatio >= budget.atLeast;
  if ('atMost' in budget) return rowRatio !== null && rowRatio <= budget.atMost;
  if ('figureAtLeast' in budget) return row.figure >= budget.figureAtLeast;
  return row.figure <= budget.figureAtMost;
}

export function budgetText(row: Row): string {
  const { budget } = row;
  if ('atLeast' in budget) return `>= ${budget.atLeast}x`;
  if ('atMost' in budget) return `<= ${budget.atMost}x`;
  if ('figureAtLeast' in budget) return `>= ${budget.figureAtLeast} ${row.unit}`;
  return `<= ${budget.figureAtMost} ${row.unit}`;
}
