import { type CSSProperties, useRef } from 'react';
import { FRAME_SANDBOX, PREVIEW_FRAME_PATH, type PreviewRequest } from './frameProtocol';

/** Props of {@link PreviewFrame}. */
export type PreviewFrameProps = {
  /** The whole HTML document to show. */
  html: string;
  title: string;
  style?: CSSProperties;
};

/**
 * A live preview of an HTML document: the server's preview page in a frame that may run the
 * page's scripts but is its own opaque origin (no allow-same-origin), so it cannot reach Flows,
 * its cookies or storage. The frame loads empty and is handed the document once; give it a new
 * `key` for a new document.
 */
export function PreviewFrame({ html, title, style }: PreviewFrameProps) {
  const shown = useRef(false);
  return (
    <iframe
      title={title}
      sandbox={FRAME_SANDBOX}
      src={PREVIEW_FRAME_PATH}
      referrerPolicy="no-referrer"
      loading="lazy"
      onLoad={(event) => {
        // Later loads are the page navigating itself: it already has its document.
        if (shown.current) return;
        shown.current = true;
        const message: PreviewRequest = { type: 'flows-preview', html };
        // The sandboxed frame's origin is opaque ('null'), so no narrower target can be named.
        event.currentTarget.contentWindow?.postMessage(message, '*');
      }}
      style={{ display: 'block', width: '100%', border: 0, background: '#fff', ...style }}
    />
  );
}
