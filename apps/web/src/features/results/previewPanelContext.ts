import { createContext, useContext } from 'react';

/** The standalone panel's default title. */
export const DEFAULT_PREVIEW_TITLE = 'Website Preview';

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
