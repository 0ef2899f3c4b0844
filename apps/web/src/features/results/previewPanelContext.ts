import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/** The standalone panel's default title. */
export const DEFAULT_PREVIEW_TITLE = 'Website Preview';

/** The height of the standalone panel's frame when expanded (CSS). */
export const PREVIEW_BODY_HEIGHT = 'min(60vh, 500px)';

/** What the standalone preview panel shows (spec: isVisible, htmlContent, title). */
export type PreviewState = { isVisible: boolean; htmlContent: string; title: string };

/** Opens and closes the standalone preview panel. */
export type PreviewPanelControls = {
  /** Shows `htmlContent` (a reply, a fenced block, a document, CSS or a fragment), expanded. */
  show: (htmlContent: string, title?: string) => void;
  hide: () => void;
};

/** The app's one standalone preview panel; null outside its provider. */
export const PreviewPanelContext = createContext<PreviewPanelControls | null>(null);

/** The standalone preview panel's controls, or null where the app has no panel (tests). */
export function usePreviewPanel(): PreviewPanelControls | null {
  return useContext(PreviewPanelContext);
}

const HIDDEN: PreviewState = { isVisible: false, htmlContent: '', title: DEFAULT_PREVIEW_TITLE };

/** The state behind a standalone preview panel: what it shows, whether expanded, its controls. */
export function usePreviewPanelState() {
  const [preview, setPreview] = useState<PreviewState>(HIDDEN);
  const [expanded, setExpanded] = useState(true);
  const show = useCallback((htmlContent: string, title = DEFAULT_PREVIEW_TITLE) => {
    setPreview({ isVisible: true, htmlContent, title });
    setExpanded(true);
  }, []);
  const hide = useCallback(() => setPreview(HIDDEN), []);
  const controls = useMemo<PreviewPanelControls>(() => ({ show, hide }), [show, hide]);
  const toggle = useCallback(() => setExpanded((current) => !current), []);
  return { preview, expanded, controls, toggle };
}
