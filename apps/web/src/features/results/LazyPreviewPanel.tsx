import { lazy, type ReactNode, Suspense } from 'react';
import {
  PREVIEW_BODY_HEIGHT,
  PreviewPanelContext,
  usePreviewPanelState,
} from './previewPanelContext';

/** The panel's title bar with its 16 px offset from the window's bottom, and a gap above it. */
const PANEL_CHROME_PX = 80;

/** The panel itself, downloaded the first time something is previewed. */
const StandalonePreviewPanel = lazy(async () => {
  const [module] = await Promise.all([import('./PreviewPanel'), import('../../mantineStyles')]);
  return { default: module.StandalonePreviewPanel };
});

/**
 * The app's preview panel provider: the same controls as PreviewPanelProvider, but the panel's code (frame, engine
 * classification, tooltips) loads only once a preview is shown, not with every page.
 */
export function LazyPreviewPanelProvider({ children }: { children: ReactNode }) {
  const { preview, expanded, controls, toggle } = usePreviewPanelState();
  return (
    <PreviewPanelContext.Provider value={controls}>
      {children}
      {preview.isVisible && (
        <>
          {/* Room at the end of the page as tall as the panel: what the panel floats over can
              always be scrolled clear of it. */}
          <div
            aria-hidden
            style={{
              height: expanded
                ? `calc(${PREVIEW_BODY_HEIGHT} + ${PANEL_CHROME_PX}px)`
                : PANEL_CHROME_PX,
            }}
          />
          <Suspense fallback={null}>
            <StandalonePreviewPanel
              preview={preview}
              expanded={expanded}
              onToggle={toggle}
              onClose={controls.hide}
            />
          </Suspense>
        </>
      )}
    </PreviewPanelContext.Provider>
  );
}
