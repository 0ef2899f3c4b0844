import { UI_TIMING } from '@flows/engine';
import { type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  type ConsoleType,
  DEFAULT_FRAME_HEIGHT,
  frameMessageFrom,
  nextFrameHeight,
  type RunRequest,
} from './frameProtocol';
import { runKind } from './languages';
import { planRun } from './runPlan';

/** One line of a run's output. */
export type OutputEntry = { id: number; type: ConsoleType; message: string };

/** Console mode lists the output; visual mode shows the rendered frame. */
export type RunMode = 'console' | 'visual';

/** The run in progress: the request its frame is given once loaded. */
export type ActiveRun = { id: number; request: RunRequest };

/** A run's output lines; `truncated` once lines had to be dropped. */
type RunOutput = { entries: OutputEntry[]; truncated: boolean };
const EMPTY_OUTPUT: RunOutput = { entries: [], truncated: false };

/** At most this many output lines are kept per run; later ones are dropped. */
export const MAX_OUTPUT_ENTRIES = 500;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One executable code block's runs. Run clears the previous output, keeps the button busy for
 * about a second and creates a new sandboxed frame for the code; the frame's console output,
 * errors and height arrive as messages, taken only from that frame's window.
 */
export function useCodeRun(language: string, code: string) {
  const [mode, setMode] = useState<RunMode>('console');
  const [output, setOutput] = useState<RunOutput>(EMPTY_OUTPUT);
  const [run, setRun] = useState<ActiveRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [outputHidden, setOutputHidden] = useState(false);
  const [frameHeight, setFrameHeight] = useState(DEFAULT_FRAME_HEIGHT);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const entrySeq = useRef(0);
  const runSeq = useRef(0);
  const busyTimer = useRef<number | undefined>(undefined);
  // Which run's request was posted: a frame that navigates itself loads again, and must not get
  // the code a second time.
  const posted = useRef<number | null>(null);

  const addEntry = useCallback((type: ConsoleType, message: string) => {
    entrySeq.current += 1;
    const id = entrySeq.current;
    setOutput((current) => {
      if (current.entries.length < MAX_OUTPUT_ENTRIES) {
        return { ...current, entries: [...current.entries, { id, type, message }] };
      }
      return current.truncated ? current : { ...current, truncated: true };
    });
  }, []);

  useEffect(() => () => window.clearTimeout(busyTimer.current), []);

  useEffect(() => {
    if (!run) return;
    const onMessage = (event: MessageEvent) => {
      const message = frameMessageFrom(event, frameRef.current);
      if (!message) return;
      if (message.type === 'resize') {
        setFrameHeight((current) => nextFrameHeight(current, message.height));
      } else {
        addEntry(message.type, message.message);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [run, addEntry]);

  const start = useCallback(async () => {
    runSeq.current += 1;
    const id = runSeq.current;
    setOutput(EMPTY_OUTPUT);
    setRun(null);
    setOutputHidden(false);
    setFrameHeight(DEFAULT_FRAME_HEIGHT);
    posted.current = null;
    setBusy(true);
    window.clearTimeout(busyTimer.current);
    busyTimer.current = window.setTimeout(() => setBusy(false), UI_TIMING.codeRunBusyMs);

    const kind = runKind(language);
    if (!kind) {
      addEntry('error', `Execution not supported for language: ${language}`);
      return;
    }
    try {
      const plan = await planRun(language, code);
      // A later Run (or Clear) took over while this one was transpiling.
      if (runSeq.current !== id) return;
      if (plan.forceVisual) setMode('visual');
      if (plan.note) addEntry('info', plan.note);
      setRun({ id, request: { type: 'flows-run', html: plan.html, scripts: plan.scripts } });
    } catch (error) {
      if (runSeq.current !== id) return;
      const prefix = kind === 'html' || kind === 'css' ? 'Error rendering HTML' : 'Execution Error';
      addEntry('error', `${prefix}: ${errorText(error)}`);
    }
  }, [language, code, addEntry]);

  /** The frame loaded: hand it the run, once. */
  const onFrameLoad = useCallback(
    (event: SyntheticEvent<HTMLIFrameElement>) => {
      if (!run || posted.current === run.id) return;
      const target = event.currentTarget.contentWindow;
      if (!target) {
        addEntry('error', 'Could not access iframe contentWindow');
        return;
      }
      posted.current = run.id;
      // The sandboxed frame's origin is opaque ('null'), so no narrower target can be named.
      target.postMessage(run.request, '*');
    },
    [run, addEntry],
  );

  /** Clears the output and ends the run (its frame is removed). */
  const clear = useCallback(() => {
    runSeq.current += 1;
    setOutput(EMPTY_OUTPUT);
    setRun(null);
  }, []);

  return {
    mode,
    setMode,
    entries: output.entries,
    truncated: output.truncated,
    run,
    busy,
    outputHidden,
    setOutputHidden,
    frameHeight,
    frameRef,
    start,
    onFrameLoad,
    clear,
  };
}
