import type { RunOutcome } from '@flows/engine';

/** How a run's outcome is shown wherever it appears: its word and its badge colour. */
export const RUN_OUTCOME_BADGES: Record<RunOutcome, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  complete: { label: 'Complete', color: 'teal' },
  stopped: { label: 'Stopped', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};
