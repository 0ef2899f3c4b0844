import { Stack, Text } from '@mantine/core';
import { useRef } from 'react';

/** Props of {@link HtmlPreview}. */
export type HtmlPreviewProps = { html: string; title?: string };

/**
 * The server's page for previews: sandboxed by its own Content-Security-Policy, so a page's inline
 * scripts and styles work there. A srcdoc frame would inherit the app's policy, which blocks them.
 */
export const PREVIEW_FRAME_PATH = '/preview-frame';

/** The message the preview frame shows: the whole HTML document. */
export type PreviewMessage = { type: 'flows-preview'; html: string };

/**
 * A live preview of an HTML document from a result. The frame may run the page's scripts but is
 * its own opaque origin (no allow-same-origin): it cannot reach Flows, its cookies or storage.
 * The frame loads empty and is handed the document once; a new document gets a new frame.
 */
export function HtmlPreview({ html, title = 'Website preview' }: HtmlPreviewProps) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Preview (sandboxed)
      </Text>
      <PreviewFrame key={html} html={html} title={title} />
    </Stack>
  );
}

function PreviewFrame({ html, title }: { html: string; title: string }) {
  const shown = useRef(false);
  return (
    <iframe
      title={title}
      sandbox="allow-scripts"
      src={PREVIEW_FRAME_PATH}
      referrerPolicy="no-referrer"
      loading="lazy"
      onLoad={(event) => {
        // Later loads are the page navigating itself: it already has its document.
        if (shown.current) return;
        shown.current = true;
        const message: PreviewMessage = { type: 'flows-preview', html };
        // The sandboxed frame's origin is opaque ('null'), so no narrower target can be named.
        event.currentTarget.contentWindow?.postMessage(message, '*');
      }}
      style={{
        width: '100%',
        height: 320,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        background: '#fff',
      }}
    />
  );
}
