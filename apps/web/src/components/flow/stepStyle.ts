import type { FlowStepType } from '@flows/engine';
import {
  type Icon,
  IconBolt,
  IconBrain,
  IconCircleCheck,
  IconListCheck,
} from '@tabler/icons-react';

/** Icon and colour of each kind of step in the feed. */
export const STEP_STYLE: Record<FlowStepType, { icon: Icon; color: string }> = {
  thinking: { icon: IconBrain, color: 'violet' },
  action: { icon: IconBolt, color: 'blue' },
  subtask: { icon: IconListCheck, color: 'orange' },
  result: { icon: IconCircleCheck, color: 'teal' },
};
