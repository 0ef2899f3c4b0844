import { UI_TIMING } from '@flows/engine';
import { Hono } from 'hono';
import type { AppEnv } from './env';

/**
 * Where the web app shows generated HTML (previews) and runs code blocks. A srcdoc or blob: frame
 * would inherit the app's CSP, which blocks the inline scripts and outside resources such pages
 * use; this page brings its own policy instead: sandboxed (an opaque origin: no cookies, no
 * storage, no same-origin calls to the app), anything but forms allowed, framed only by the app.
 * The app frames it with `sandbox="allow-scripts"` (never allow-same-origin) as well, and posts
 * it one message once it loads:
 *
 * - `{ type: 'flows-preview', html }` shows a whole HTML document;
 * - `{ type: 'flows-run', html, scripts }` shows `html` with the run prelude installed before
 *   its own scripts, then runs `scripts` in order as inline scripts. The prelude reports console
 *   output (log, error, warn, info), uncaught errors with their line and column, unhandled
 *   promise rejections and the content's height to the app as `{ type, message }` and
 *   `{ type: 'resize', height }`; the app accepts those only from this frame's window.
 */
const PREVIEW_FRAME_CSP =
  "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'";

/**
 * Installed first in every document a run shows. Plain ES2020 in a string: it runs in the frame,
 * not in Node. Height is measured every `previewRemeasureMs` and reported when it changes.
 */
const RUN_PRELUDE = `(() => {
  const post = (message) => { try { parent.postMessage(message, '*'); } catch (_) {} };
  const describe = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof value === 'function') return 'function ' + (value.name || '(anonymous)') + '()';
    if (value === undefined || typeof value === 'symbol' || typeof value === 'bigint') return String(value);
    if (typeof Element !== 'undefined' && value instanceof Element) return value.outerHTML;
    try {
      const json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch (_) {
      return String(value);
    }
  };
  for (const type of ['log', 'error', 'warn', 'info']) {
    const original = console[type];
    console[type] = (...values) => {
      post({ type, message: values.map(describe).join(' ') });
      original.apply(console, values);
    };
  }
  addEventListener('error', (event) => {
    // A syntax error in a script the runner inserted names the DOM call that inserted it.
    const message = String(event.message).replace("Failed to execute 'appendChild' on 'Node': ", '');
    post({ type: 'error', message: message + ' (line ' + event.lineno + ', column ' + event.colno + ')' });
  });
  addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    post({ type: 'error', message: 'Unhandled Promise Rejection: ' + (reason instanceof Error ? reason.message : describe(reason)) });
  });
  let reported = -1;
  const measure = () => {
    const root = document.documentElement.getBoundingClientRect().height;
    const height = Math.ceil(Math.max(root, document.body ? document.body.scrollHeight : 0));
    if (height === reported) return;
    reported = height;
    post({ type: 'resize', height });
  };
  addEventListener('load', measure);
  setInterval(measure, ${UI_TIMING.previewRemeasureMs});
})();`;

const PREVIEW_FRAME_HTML = `<!doctype html>
<meta charset="utf-8">
<script>
  const PRELUDE = ${JSON.stringify(RUN_PRELUDE)};
  const BLANK = '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';
  // The prelude goes first in the head, so it is in place before the document's own scripts.
  const withPrelude = (html) => {
    const tag = '<script>' + PRELUDE + '<\\/script>';
    for (const pattern of [/<head(?:\\s[^>]*)?>/i, /<html(?:\\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
      const match = pattern.exec(html);
      if (!match) continue;
      const at = match.index + match[0].length;
      return html.slice(0, at) + tag + html.slice(at);
    }
    return tag + html;
  };
  const show = (html) => {
    document.open();
    document.write(html);
    document.close();
  };
  let used = false;
  addEventListener('message', (event) => {
    const message = event.data;
    if (used || event.source !== parent || !message) return;
    if (message.type === 'flows-preview') {
      used = true;
      show(String(message.html));
    } else if (message.type === 'flows-run') {
      used = true;
      show(withPrelude(typeof message.html === 'string' ? message.html : BLANK));
      const scripts = Array.isArray(message.scripts) ? message.scripts : [];
      for (const source of scripts) {
        const script = document.createElement('script');
        script.textContent = String(source);
        (document.body || document.documentElement).appendChild(script);
      }
    }
  });
</script>
`;

/** The page previews and code runs load in: GET /preview-frame. */
export const previewFrameRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Content-Security-Policy', PREVIEW_FRAME_CSP);
  c.header('Cache-Control', 'no-cache');
  // A sandboxed document has an opaque origin and cannot be origin-keyed: asking for it (the
  // app's default header) only earns a console warning.
  c.header('Origin-Agent-Cluster', '?0');
  return c.html(PREVIEW_FRAME_HTML);
});
