import { isUuid } from '@flows/api/contracts';
import { FLOW_TOAST, type FlowStatus } from '@flows/engine';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { AiSettings } from './aiSettings';
import {
  emptyFeed,
  feedReducer,
  isActiveStatus,
  isRunActive,
  isRunBusy,
  isRunResumable,
  unwrapFeedEvent,
} from './feed';
import {
  CURRENT_TASK_KEY,
  lastWebsiteId,
  readStored,
  rememberWebsite,
  writeStored,
} from './storage';
import type { FlowRunView } from './types';

/** How the live feed's connection is doing. */
export type FeedConnection = 'idle' | 'connecting' | 'live' | 'reconnecting';

/** A command that changes a running flow. */
export type FlowCommand =
  | 'stop'
  | 'continue'
  | 'execute'
  | 'retry'
  | 'setAuto'
  | 'reset'
  | 'approve';

/** What a start sends besides the goal. */
export type StartOptions = {
  auto: boolean;
  settings: AiSettings;
  /** The endpoint to send, or undefined for the server's own. */
  endpoint: string | undefined;
  /** Uploaded files the run works with. */
  fileIds?: string[];
};

/** How long to wait before opening the feed again after it failed. */
const RESUBSCRIBE_DELAY_MS = 2000;

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === 'object' && 'code' in data ? String(data.code) : undefined;
}

/** The message of an error the server answered with; undefined when it never answered. */
function serverMessage(error: unknown): string | undefined {
  return errorCode(error) === undefined ? undefined : (error as Error).message;
}

/**
 * The run this browser follows, live from the server. The task id is kept in browser storage, so
 * a reload or a new tab rejoins the run: the feed sends every step so far, then follows it (and
 * resumes after the last step when the connection drops). Commands answer with the new state.
 */
export function useFlowRun() {
  const utils = trpc.useUtils();
  const [feed, dispatch] = useReducer(feedReducer, undefined, () =>
    emptyFeed(readStored(CURRENT_TASK_KEY)),
  );
  const [connection, setConnection] = useState<FeedConnection>('idle');
  const [pendingCommand, setPendingCommand] = useState<FlowCommand | null>(null);
  const { taskId, run } = feed;

  const follow = useCallback((id: string | null) => {
    writeStored(CURRENT_TASK_KEY, id);
    dispatch(id === null ? { type: 'clear' } : { type: 'open', taskId: id });
  }, []);

  // Another tab started, opened or reset a run: this one follows along.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CURRENT_TASK_KEY || event.newValue === taskId) return;
      dispatch(event.newValue ? { type: 'open', taskId: event.newValue } : { type: 'clear' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [taskId]);

  // The newest step shown, so a fresh subscription after an error skips what is already here.
  const lastSeq = useRef(0);
  lastSeq.current = feed.steps.at(-1)?.seq ?? 0;
  const [resubscribe, setResubscribe] = useState(0);

  useEffect(() => {
    if (!taskId) {
      setConnection('idle');
      return;
    }
    // After a failed subscription, resume after the newest step already shown.
    const resumeFrom = resubscribe > 0 && lastSeq.current > 0 ? String(lastSeq.current) : null;
    setConnection(resumeFrom ? 'reconnecting' : 'connecting');
    let started = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const subscription = utils.client.flow.events.subscribe(
      resumeFrom ? { taskId, lastEventId: resumeFrom } : { taskId },
      {
        onData: (data) => dispatch({ type: 'event', taskId, event: unwrapFeedEvent(data) }),
        onConnectionStateChange: (state) => {
          if (state.state === 'pending') {
            started = true;
            setConnection('live');
          } else if (state.state === 'connecting') {
            setConnection(started ? 'reconnecting' : 'connecting');
          }
        },
        onError: (error) => {
          // The run is gone or belongs to someone else (after a logout, say): stop following it.
          if (errorCode(error) === 'NOT_FOUND' || errorCode(error) === 'UNAUTHORIZED') {
            follow(null);
            return;
          }
          // Any other failure ends the subscription: open a new one shortly.
          setConnection('reconnecting');
          retry = setTimeout(() => setResubscribe((count) => count + 1), RESUBSCRIBE_DELAY_MS);
        },
      },
    );
    return () => {
      clearTimeout(retry);
      subscription.unsubscribe();
    };
  }, [taskId, utils, follow, resubscribe]);

  // A run that fails while being watched says so; one that had failed before a rejoin does not.
  const watched = useRef<{ taskId: string | null; status: FlowStatus | null }>({
    taskId: null,
    status: null,
  });
  useEffect(() => {
    const status = run?.status ?? null;
    const previous = watched.current;
    watched.current = { taskId, status };
    if (!run || previous.taskId !== taskId) return;
    if (status === 'stopped' && run.error && isActiveStatus(previous.status)) {
      showToast({ destructive: true, title: FLOW_TOAST.runFailed.title, message: run.error });
    }
  }, [run, taskId]);

  const websiteId = run?.websiteId ?? null;
  useEffect(() => {
    if (websiteId && taskId) rememberWebsite(websiteId, taskId);
  }, [websiteId, taskId]);

  /** Starts a run of `goal`; resolves to true once the server has it. */
  const start = useCallback(
    async (goal: string, { auto, settings, endpoint, fileIds }: StartOptions): Promise<boolean> => {
      writeStored(CURRENT_TASK_KEY, null);
      dispatch({ type: 'starting' });
      const storedWebsite = lastWebsiteId();
      try {
        const started = await utils.client.flow.start.mutate({
          goal,
          auto,
          provider: settings.provider,
          endpoint,
          model: settings.model,
          temperature: settings.temperature,
          websiteId: storedWebsite && isUuid(storedWebsite) ? storedWebsite : undefined,
          ...(fileIds && fileIds.length > 0 && { fileIds }),
        });
        follow(started.taskId);
        void utils.task.list.invalidate();
        return true;
      } catch (error) {
        dispatch({ type: 'startFailed' });
        // The server's reason (a goal too long, say); the spec's text when it never answered.
        showToast({
          destructive: true,
          title: FLOW_TOAST.startFailed.title,
          message: serverMessage(error) ?? FLOW_TOAST.startFailed.message,
        });
        return false;
      }
    },
    [utils, follow],
  );

  const runCommand = useCallback(
    async (command: FlowCommand, send: (id: string) => Promise<FlowRunView>) => {
      if (!taskId) return false;
      setPendingCommand(command);
      try {
        dispatch({ type: 'view', view: await send(taskId) });
        return true;
      } catch (error) {
        // 409: the run moved on (it finished, say) before the command arrived; the feed shows it.
        if (errorCode(error) !== 'CONFLICT') {
          showToast({
            destructive: true,
            title: 'Error',
            message: error instanceof Error ? error.message : String(error),
          });
        }
        return false;
      } finally {
        setPendingCommand(null);
      }
    },
    [taskId],
  );

  const stop = useCallback(async () => {
    const stopped = await runCommand('stop', (id) => utils.client.flow.stop.mutate({ taskId: id }));
    if (stopped) showToast(FLOW_TOAST.stopped);
  }, [runCommand, utils]);

  const continueRun = useCallback(
    () => runCommand('continue', (id) => utils.client.flow.continue.mutate({ taskId: id })),
    [runCommand, utils],
  );

  const execute = useCallback(
    () => runCommand('execute', (id) => utils.client.flow.execute.mutate({ taskId: id })),
    [runCommand, utils],
  );

  /** Runs the last failed (or the interrupted) task again, or makes the task list again. */
  const retry = useCallback(
    () => runCommand('retry', (id) => utils.client.flow.retry.mutate({ taskId: id })),
    [runCommand, utils],
  );

  /** Answers the tool call the run waits for: approve (or retry) / reject (or skip). */
  const approve = useCallback(
    (callId: number, approved: boolean) =>
      runCommand('approve', (id) =>
        utils.client.flow.approve.mutate({ taskId: id, callId, approve: approved }),
      ),
    [runCommand, utils],
  );

  const setAuto = useCallback(
    (auto: boolean) =>
      runCommand('setAuto', (id) => utils.client.flow.setAuto.mutate({ taskId: id, auto })),
    [runCommand, utils],
  );

  /** Clears the workspace; a run still under way is reset on the server too, which ends it. */
  const reset = useCallback(() => {
    if (taskId && isRunActive(run)) {
      void utils.client.flow.reset.mutate({ taskId }).catch(() => {});
    }
    follow(null);
  }, [taskId, run, utils, follow]);

  return {
    ...feed,
    streamingText: feed.streaming?.text || null,
    streamingReasoning: feed.streaming?.reasoning || null,
    connection,
    pendingCommand,
    /** The run has work ahead (or a start is on its way). */
    active: feed.starting || isRunActive(run),
    /** The run is processing (Processing badge; the compact input does not send). */
    busy: feed.starting || isRunBusy(run),
    /** Execute and Continue apply (the run waits, or was stopped with work left). */
    resumable: isRunResumable(run),
    start,
    stop,
    continueRun,
    execute,
    retry,
    approve,
    setAuto,
    reset,
    /** Follows a past run (from the history): its stored steps fill the log. */
    openTask: follow,
  };
}
