import { Hono } from 'hono';
import type { AppEnv } from './env';

/**
 * Where the web app shows generated HTML (`HtmlPreview`). A srcdoc or blob: frame would inherit
 * the app's CSP, which blocks the inline scripts and outside resources such pages use; this page
 * brings its own policy instead: sandboxed (an opaque origin: no cookies, no same-origin calls),
 * anything but forms allowed, framed only by the app. The app posts it the HTML once it loads.
 */
const PREVIEW_FRAME_CSP =
  "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline'; form-action 'none'; frame-ancestors 'self'";

const PREVIEW_FRAME_HTML = `<!doctype html>
<meta charset="utf-8">
<script>
  let shown = false;
  addEventListener('message', (event) => {
    const message = event.data;
    if (shown || event.source !== parent || message?.type !== 'flows-preview') return;
    shown = true;
    document.open();
    document.write(String(message.html));
    document.close();
  });
</script>
`;

/** The page previews load in: GET /preview-frame. */
export const previewFrameRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Content-Security-Policy', PREVIEW_FRAME_CSP);
  c.header('Cache-Control', 'no-cache');
  // A sandboxed document has an opaque origin and cannot be origin-keyed: asking for it (the
  // app's default header) only earns a console warning.
  c.header('Origin-Agent-Cluster', '?0');
  return c.html(PREVIEW_FRAME_HTML);
});
