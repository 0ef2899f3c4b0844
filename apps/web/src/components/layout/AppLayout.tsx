import { Box, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
// The panel's provider alone, not the results feature's index: Markdown and the runner stay in the
// pages' chunks, and the panel itself loads when first shown.
import { LazyPreviewPanelProvider } from '../../features/results/LazyPreviewPanel';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';

/**
 * Shown while a lazily loaded page downloads; a screen tall, so the footer stays below the fold
 * instead of jumping down when the page arrives.
 */
export function PageLoader() {
  return (
    <Center py={120} mih="100dvh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}

/** The layout route: header, the current page, footer, and the floating website preview panel. */
export function AppLayout() {
  return (
    <LazyPreviewPanelProvider>
      <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
        <SkipLink />
        <Header />
        <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
        <ScrollRestoration />
      </Box>
    </LazyPreviewPanelProvider>
  );
}
