import { FLOW_TOAST } from '@flows/engine';
import { Box, Grid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AiSettingsModal } from '../../components/flow/AiSettingsModal';
import { runEndpoint } from '../../components/flow/aiSettings';
import { downloadExport } from '../../components/flow/exportLog';
import { FlowExecutionPanel } from '../../components/flow/FlowExecutionPanel';
import { GoalInputPanel, InlineGoalInput } from '../../components/flow/GoalInput';
import { ModelCard } from '../../components/flow/ModelCard';
import { QuickTemplates } from '../../components/flow/QuickTemplates';
import { TaskHistoryModal } from '../../components/flow/TaskHistoryModal';
import { TaskListPanel } from '../../components/flow/TaskListPanel';
import type { FlowTemplate } from '../../components/flow/types';
import { HEADER_HEIGHT } from '../../components/layout/Header';
import { useAiSettings } from '../../hooks/useAiSettings';
import { useFlowRun } from '../../hooks/useFlowRun';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../session';

/** The panels the header opens through `?panel=`. */
type DashboardPanel = 'history' | 'settings';

/**
 * The goal workspace: Quick Templates and the current model on the left (wide screens only), the
 * flow execution panel and the goal input in the centre, the task list on the right. The header's
 * History and Settings open their modals through `?panel=history` and `?panel=settings`.
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const panel = searchParams.get('panel');
  const { user } = useSession();
  const flow = useFlowRun();
  const aiSettings = useAiSettings();
  const templates = trpc.template.list.useQuery();
  const model = trpc.system.model.useQuery();
  const [goal, setGoal] = useState('');
  const [autoPreference, setAutoPreference] = useState(true);
  const goalInput = useRef<HTMLTextAreaElement>(null);

  // While a run is followed AUTO is the run's own; otherwise it is what the next start sends.
  const auto = flow.active && flow.run ? flow.run.auto : autoPreference;
  const showEmptyWorkspace = flow.taskId === null && !flow.starting && flow.steps.length === 0;

  const openPanel = useCallback(
    (name: DashboardPanel) =>
      setSearchParams((params) => {
        params.set('panel', name);
        return params;
      }),
    [setSearchParams],
  );
  const closePanel = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete('panel');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const start = () => {
    const trimmed = goal.trim();
    if (!trimmed) {
      showToast({ destructive: true, ...FLOW_TOAST.emptyGoal });
      return;
    }
    void flow.start(trimmed, {
      auto,
      settings: aiSettings.runSettings,
      endpoint: runEndpoint(aiSettings.runSettings, model.data?.allowedEndpoints),
    });
  };

  const changeAuto = (next: boolean) => {
    setAutoPreference(next);
    if (flow.active && flow.run) void flow.setAuto(next);
  };

  const reset = () => {
    flow.reset();
    setAutoPreference(true);
  };

  const pickTemplate = (template: FlowTemplate) => {
    setGoal(template.prompt);
    goalInput.current?.focus();
  };

  const reuseGoal = (pastGoal: string) => {
    setGoal(pastGoal);
    closePanel();
    showToast({
      title: 'Task Loaded',
      message: 'Previous task has been loaded to the input field',
    });
  };

  const openTask = (taskId: string) => {
    flow.openTask(taskId);
    closePanel();
  };

  const goalInputProps = {
    goal,
    onGoalChange: setGoal,
    auto,
    onAutoChange: changeAuto,
    running: flow.active,
    starting: flow.starting,
    stopping: flow.pendingCommand === 'stop',
    onStart: start,
    onStop: () => void flow.stop(),
    inputRef: goalInput,
  };

  return (
    <Box px={{ base: 'sm', sm: 'md' }} py="md" maw={1600} mx="auto">
      <title>Dashboard · Flows</title>
      <VisuallyHidden>
        <Title order={1}>Dashboard</Title>
      </VisuallyHidden>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }} visibleFrom="sm" data-testid="workspace-left">
          <Stack gap="md" style={{ position: 'sticky', top: HEADER_HEIGHT + 16 }}>
            <QuickTemplates
              templates={templates.data}
              loading={templates.isPending}
              failed={templates.isError}
              onPick={pickTemplate}
            />
            <ModelCard
              settings={aiSettings.runSettings}
              model={model.data}
              onOpenSettings={() => openPanel('settings')}
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 8, lg: 6 }}>
          <Stack gap="md">
            <FlowExecutionPanel
              steps={flow.steps}
              streamingText={flow.streamingText}
              run={flow.run}
              auto={auto}
              active={flow.active}
              busy={flow.busy}
              following={flow.taskId !== null}
              starting={flow.starting}
              connection={flow.connection}
              demo={model.data?.demo ?? false}
              pendingCommand={flow.pendingCommand}
              onSetAuto={changeAuto}
              onContinue={() => void flow.continueRun()}
              onReset={reset}
              onExport={() => downloadExport(flow.steps)}
            />
            {showEmptyWorkspace ? (
              <GoalInputPanel {...goalInputProps} />
            ) : (
              <InlineGoalInput {...goalInputProps} />
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 8, lg: 3 }} offset={{ base: 0, sm: 4, lg: 0 }}>
          <TaskListPanel
            tasks={flow.run?.tasks ?? []}
            currentTaskIndex={flow.run?.currentTaskIndex ?? 0}
            taskSource={flow.run?.taskSource ?? null}
            canExecute={flow.run?.status === 'waiting'}
            executing={flow.pendingCommand === 'execute'}
            onExecute={() => void flow.execute()}
          />
        </Grid.Col>
      </Grid>

      <TaskHistoryModal
        opened={panel === 'history'}
        onClose={closePanel}
        signedIn={user !== null}
        canOpenTask={showEmptyWorkspace}
        onReuse={reuseGoal}
        onOpenTask={openTask}
      />
      <AiSettingsModal
        opened={panel === 'settings'}
        onClose={closePanel}
        saved={aiSettings.saved}
        model={model.data}
        onSave={aiSettings.save}
      />
    </Box>
  );
}
