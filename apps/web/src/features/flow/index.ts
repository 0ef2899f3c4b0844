// The flow workspace as the dashboard page uses it.
export { runEndpoint } from './aiSettings';
export { downloadExport } from './exportLog';
export { FlowExecutionPanel } from './FlowExecutionPanel';
export { GoalInputPanel, InlineGoalInput } from './GoalInput';
export { ModelCard } from './ModelCard';
export { QuickTemplates } from './QuickTemplates';
export { TaskListPanel } from './TaskListPanel';
export type { FlowTemplate } from './types';
export { useAiSettings } from './useAiSettings';
export { useFlowRun } from './useFlowRun';
export { WorkspaceLayout } from './WorkspaceLayout';
