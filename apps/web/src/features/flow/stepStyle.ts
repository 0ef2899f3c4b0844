import type { FlowStepType } from '@flows/engine';
import {
  type Icon,
  IconAlertCircle,
  IconBolt,
  IconBrain,
  IconCircleCheck,
  IconListCheck,
} from '@tabler/icons-react';

/** How a step shows in the feed: its icon and colour. */
export type StepStyle = { icon: Icon; color: string };

/** Icon and colour of each kind of step in the feed. */
export const STEP_STYLE: Record<FlowStepType, StepStyle> = {
  thinking: { icon: IconBrain, color: 'violet' },
  action: { icon: IconBolt, color: 'blue' },
  subtask: { icon: IconListCheck, color: 'orange' },
  result: { icon: IconCircleCheck, color: 'teal' },
};

/** Icon and colour of an error step (a failed task, run, summary, save or deploy). */
const ERROR_STEP_STYLE: StepStyle = { icon: IconAlertCircle, color: 'red' };

/** The style of a step: the error style for error results, else its type's. */
export function stepStyle(step: { type: FlowStepType; error?: boolean }): StepStyle {
  return step.error ? ERROR_STEP_STYLE : STEP_STYLE[step.type];
}
