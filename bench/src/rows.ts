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
