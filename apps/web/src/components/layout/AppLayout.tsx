import { Box, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
// The panel alone, not the results feature's index: Markdown and the runner stay in the pages' chunks.
import { PreviewPanelProvider } from '../../features/results/PreviewPanel';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';

/** Shown while a lazily loaded page downloads. */
export function PageLoader() {
  return (
    <Center py={120}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}

/** The layout route: header, the current page, footer, and the floating website preview panel. */
export function AppLayout() {
  return (
    <PreviewPanelProvider>
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
    </PreviewPanelProvider>
  );
}
