import { vi } from 'vitest';
import {
  FlowExecutionPanel,
  type FlowExecutionPanelProps,
} from '../features/flow/FlowExecutionPanel';
import { renderWithProviders } from './render';

/** The Flow Execution panel with no run, `props` on top, and mock handlers (returned). */
export function renderFlowPanel(props: Partial<FlowExecutionPanelProps> = {}) {
  const handlers = {
    onSetAuto: vi.fn(),
    onContinue: vi.fn(),
    onRetry: vi.fn(),
    onReset: vi.fn(),
    onExport: vi.fn(),
  };
  renderWithProviders(
    <FlowExecutionPanel
      steps={[]}
      streamingText={null}
      streamingReasoning={null}
      run={null}
      auto
      active={false}
      busy={false}
      following={false}
      starting={false}
      connection="idle"
      demo={false}
      pendingCommand={null}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}
