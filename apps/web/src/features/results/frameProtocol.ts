/**
 * The server's page for previews and code runs (apps/server/src/preview-frame.ts): sandboxed by
 * its own Content-Security-Policy, so framed pages' inline scripts and styles work there. A
 * srcdoc frame would inherit the app's policy, which blocks them.
 */
export const PREVIEW_FRAME_PATH = '/preview-frame';

/**
 * The frame's sandbox: scripts run, but in an opaque origin (never `allow-same-origin`), so framed
 * code cannot read the app's cookies, storage or DOM, call its API with the user's session, or
 * navigate the app.
 */
export const FRAME_SANDBOX = 'allow-scripts';

/** Shows a whole HTML document in the frame. */
export type PreviewRequest = { type: 'flows-preview'; html: string };

/**
 * Runs code in the frame: shows `html` with the console and error capture installed first, then
 * runs `scripts` in order, each as its own inline script.
 */
export type RunRequest = { type: 'flows-run'; html: string; scripts: string[] };

/** Kinds of console output the frame reports. */
export const CONSOLE_TYPES = ['log', 'error', 'warn', 'info'] as const;
/** One kind of console output. */
export type ConsoleType = (typeof CONSOLE_TYPES)[number];

/** A message from the frame: console output (or an error), or the content's new height. */
export type FrameMessage =
  | { type: ConsoleType; message: string }
  | { type: 'resize'; height: number };

/** Longest console message kept, in characters; longer ones are cut. */
export const MAX_MESSAGE_LENGTH = 10_000;
/** Tallest a visual run's frame grows, in px (a page that grows with its frame stops here). */
export const MAX_FRAME_HEIGHT = 2_000;

function isConsoleType(value: unknown): value is ConsoleType {
  return (CONSOLE_TYPES as readonly unknown[]).includes(value);
}

/** The own keys of a plain object, or null for anything else (arrays, null, primitives). */
function plainKeys(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return Object.keys(data);
}

/**
 * Reads what a frame posted: only the spec's shapes (log, error, warn, info with a message;
 * resize with a height), with no other fields, count; anything else is null. Long messages are
 * cut. (Checked by hand: this module loads with the app shell, before zod is told the app's CSP
 * forbids eval, and a zod object schema built then would probe for it.)
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  const keys = plainKeys(data);
  if (keys?.length !== 2) return null;
  const { type, message, height } = data as Record<string, unknown>;
  if (type === 'resize') {
    if (typeof height !== 'number' || !Number.isFinite(height) || height < 0) return null;
    return { type, height };
  }
  if (!isConsoleType(type) || typeof message !== 'string') return null;
  if (message.length <= MAX_MESSAGE_LENGTH) return { type, message };
  return { type, message: `${message.slice(0, MAX_MESSAGE_LENGTH)}…` };
}

/**
 * A message event's payload, if it came from `frame`'s own window (not the app, another frame or
 * a window it opened) and has one of the spec's shapes.
 */
export function frameMessageFrom(
  event: Pick<MessageEvent, 'source' | 'data'>,
  frame: HTMLIFrameElement | null,
): FrameMessage | null {
  if (!frame?.contentWindow || event.source !== frame.contentWindow) return null;
  return parseFrameMessage(event.data);
}

/** The default height of a visual run's frame, before it reports one, in px. */
export const DEFAULT_FRAME_HEIGHT = 300;
/** Room added below the reported content height, in px. */
export const FRAME_HEIGHT_PADDING = 20;

/**
 * The frame height for a reported content height: content plus 20 px, at most
 * {@link MAX_FRAME_HEIGHT}. A report equal to the frame's present height is a page that fills its
 * viewport (height: 100vh), not content: growing it would only make it grow again, so it is kept
 * (give or take the 2 px of rounding).
 */
export function nextFrameHeight(current: number, reported: number): number {
  if (reported <= current && reported >= current - 2) return current;
  return Math.min(MAX_FRAME_HEIGHT, Math.ceil(reported) + FRAME_HEIGHT_PADDING);
}
