import { lazy, type ReactNode, Suspense } from 'react';
import { PreviewPanelContext, usePreviewPanelState } from './previewPanelContext';

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
        <Suspense fallback={null}>
          <StandalonePreviewPanel
            preview={preview}
            expanded={expanded}
            onToggle={toggle}
            onClose={controls.hide}
          />
        </Suspense>
      )}
    </PreviewPanelContext.Provider>
  );
}
