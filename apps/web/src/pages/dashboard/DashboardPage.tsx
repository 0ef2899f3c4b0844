import { ZGoal } from '@flows/api/contracts';
import { FLOW_TOAST } from '@flows/engine';
import { Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings, IconTemplate } from '@tabler/icons-react';
import { lazy, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HEADER_HEIGHT } from '../../components/layout/Header';
import { OnceOpened } from '../../components/OnceOpened';
import { RunFiles, useAttachments } from '../../features/files';
import {
  downloadExport,
  FlowExecutionPanel,
  type FlowTemplate,
  GoalInputPanel,
  InlineGoalInput,
  ModelCard,
  QuickTemplates,
  runEndpoint,
  TaskListPanel,
  useAiSettings,
  useFlowRun,
  WorkspaceLayout,
} from '../../features/flow';
import { RunAllowance } from '../../features/flow/RunAllowance';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../session';

/** The panels the header opens through `?panel=`. */
type DashboardPanel = 'history' | 'settings';

// The dialogs load when first opened (OnceOpened).
const TaskHistoryModal = lazy(async () => ({
  default: (await import('../../features/flow/TaskHistoryModal')).TaskHistoryModal,
}));
const MyFilesModal = lazy(async () => ({
  default: (await import('../../features/files/MyFilesModal')).MyFilesModal,
}));
const AiSettingsModal = lazy(async () => ({
  default: (await import('../../features/flow/AiSettingsModal')).AiSettingsModal,
}));

/** Quick Templates and their list, whose arrival re-renders them alone, not the workspace. */
function TemplateList({ onPick }: { onPick: (template: FlowTemplate) => void }) {
  const templates = trpc.template.list.useQuery();
  return (
    <QuickTemplates
      templates={templates.data}
      loading={templates.isPending}
      failed={templates.isError}
      onPick={onPick}
    />
  );
}

/**
 * Scrolls the page smoothly until `element`'s top is in view, if it is above the viewport or under
 * the sticky header. The layout still moves while a run starts, and a smooth scroll can end short
 * of its target when it does; so when the scroll ends (within a few seconds) the top is brought
 * into view at once if it is still hidden.
 */
function revealTop(element: HTMLElement) {
  const hidden = () => element.getBoundingClientRect().top < HEADER_HEIGHT;
  if (!hidden()) return;
  element.scrollIntoView({ block: 'start', behavior: 'smooth' });
  window.addEventListener(
    'scrollend',
    () => {
      if (hidden()) element.scrollIntoView({ block: 'start' });
    },
    { once: true, signal: AbortSignal.timeout(3000) },
  );
}

/**
 * The goal workspace (its frame, with the notice that no model server answers, is
 * DashboardRoute): Quick Templates and the current model on the left (under the task list at
 * tablet widths, in a drawer on phones), the flow execution panel and the goal input in the
 * centre, the task list on the right. The header's History and Settings open their modals through
 * `?panel=history` and `?panel=settings`.
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const panel = searchParams.get('panel');
  const { user } = useSession();
  const flow = useFlowRun();
  const aiSettings = useAiSettings();
  // DashboardRoute asks; the workspace reads the answer.
  const model = trpc.system.model.useQuery();
  // Asked now, though a phone shows them only in the Templates drawer: ready once it opens.
  trpc.template.list.usePrefetchQuery();
  const [templatesOpened, templatesDrawer] = useDisclosure(false);
  const [myFilesOpened, myFilesModal] = useDisclosure(false);
  const attachments = useAttachments();
  const [goal, setGoal] = useState('');
  const [autoPreference, setAutoPreference] = useState(true);
  const goalInput = useRef<HTMLTextAreaElement>(null);
  const executionPanel = useRef<HTMLDivElement>(null);

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
    // The run contract's goal rule: an empty goal is the Empty Goal toast, a long one an error.
    const checked = ZGoal.safeParse(goal);
    if (!checked.success) {
      const { title } = goal.trim() ? FLOW_TOAST.startFailed : FLOW_TOAST.emptyGoal;
      const message = checked.error.issues[0]?.message ?? FLOW_TOAST.emptyGoal.message;
      showToast({ destructive: true, title, message });
      return;
    }
    // Files are uploaded as they are attached: a run starts only with every one stored.
    if (attachments.uploading) {
      showToast({
        destructive: true,
        title: 'Files still uploading',
        message: 'Wait until the attached files are uploaded, then start the run.',
      });
      return;
    }
    const refused = attachments.failed[0];
    if (refused) {
      showToast({
        destructive: true,
        title: 'File refused',
        message: `${refused.name}: ${refused.error} Remove it to start the run.`,
      });
      return;
    }
    void flow
      .start(checked.data, {
        auto,
        settings: aiSettings.runSettings,
        endpoint: runEndpoint(aiSettings.runSettings, model.data?.allowedEndpoints),
        fileIds: attachments.fileIds,
      })
      .then((started) => {
        if (!started) return;
        attachments.clear();
        // On a phone the goal sits below the feed, and the page scrolled down to reach Start:
        // the feed's top (its title and controls) comes back into view.
        requestAnimationFrame(() => {
          if (executionPanel.current) revealTop(executionPanel.current);
        });
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
    templatesDrawer.close();
    setGoal(template.prompt);
    goalInput.current?.focus();
  };

  const openSettings = () => {
    templatesDrawer.close();
    openPanel('settings');
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
    attachments,
    onOpenMyFiles: user ? myFilesModal.open : undefined,
  };

  // The left column's content; on phones it opens in the Templates drawer.
  const sidebar = (
    <Stack gap="md">
      <TemplateList onPick={pickTemplate} />
      <ModelCard
        settings={aiSettings.runSettings}
        model={model.data}
        onOpenSettings={openSettings}
      />
    </Stack>
  );

  return (
    <>
      <WorkspaceLayout
        left={sidebar}
        centre={
          <Stack gap="md">
            <Group hiddenFrom="sm" gap="xs" grow>
              <Button
                variant="default"
                leftSection={<IconTemplate size={16} aria-hidden />}
                onClick={templatesDrawer.open}
              >
                Templates
              </Button>
              <Button
                variant="default"
                leftSection={<IconSettings size={16} aria-hidden />}
                onClick={openSettings}
              >
                AI Settings
              </Button>
            </Group>
            <div ref={executionPanel} style={{ scrollMarginTop: HEADER_HEIGHT + 12 }}>
              <FlowExecutionPanel
                steps={flow.steps}
                streamingText={flow.streamingText}
                streamingReasoning={flow.streamingReasoning}
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
                onRetry={() => void flow.retry()}
                onApprove={(callId, approve) => void flow.approve(callId, approve)}
                onReset={reset}
                onExport={() => downloadExport(flow.steps)}
              />
            </div>
            {showEmptyWorkspace ? (
              <GoalInputPanel {...goalInputProps} />
            ) : (
              <InlineGoalInput {...goalInputProps} />
            )}
            <RunAllowance runKey={flow.taskId} />
          </Stack>
        }
        right={
          <Stack gap="md">
            {flow.taskId && <RunFiles taskId={flow.taskId} />}
            <TaskListPanel
              tasks={flow.run?.tasks ?? []}
              currentTaskIndex={flow.run?.currentTaskIndex ?? 0}
              taskSource={flow.run?.taskSource ?? null}
              canExecute={flow.resumable}
              executing={flow.pendingCommand === 'execute'}
              onExecute={() => void flow.execute()}
            />
          </Stack>
        }
      />

      <Drawer
        opened={templatesOpened}
        onClose={templatesDrawer.close}
        position="bottom"
        size="85%"
        title="Templates and model"
        hiddenFrom="sm"
      >
        {sidebar}
      </Drawer>

      <OnceOpened opened={panel === 'history'}>
        <TaskHistoryModal
          opened={panel === 'history'}
          onClose={closePanel}
          signedIn={user !== null}
          canOpenTask={showEmptyWorkspace}
          onReuse={reuseGoal}
          onOpenTask={openTask}
        />
      </OnceOpened>
      <OnceOpened opened={myFilesOpened}>
        <MyFilesModal
          opened={myFilesOpened}
          onClose={myFilesModal.close}
          onUse={(file) => {
            attachments.reuse(file);
            myFilesModal.close();
            showToast({
              title: 'File attached',
              message: `${file.originalFilename} goes with the next goal`,
            });
          }}
        />
      </OnceOpened>
      <OnceOpened opened={panel === 'settings'}>
        <AiSettingsModal
          opened={panel === 'settings'}
          onClose={closePanel}
          saved={aiSettings.saved}
          model={model.data}
          onSave={aiSettings.save}
        />
      </OnceOpened>
    </>
  );
}
