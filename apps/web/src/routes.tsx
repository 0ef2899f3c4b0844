import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout, PageLoader } from './components/layout/AppLayout';
import { trpc } from './lib/trpc';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RequireAuth } from './session';

/**
 * Lazily loads a page exported by name, so it ships in its own chunk, together with all of
 * Mantine's styles (the first load has only the layout's and the landing page's).
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  exportName: keyof M & string,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), import('./mantineStyles')]);
    return { default: module[exportName] as ComponentType };
  });
}

const DocsPage = lazyPage(() => import('./pages/docs/DocsPage'), 'DocsPage');
const PricingPage = lazyPage(() => import('./pages/pricing/PricingPage'), 'PricingPage');
const IntegrationsPage = lazyPage(
  () => import('./pages/integrations/IntegrationsPage'),
  'IntegrationsPage',
);
const DexlinkPage = lazyPage(() => import('./pages/DexlinkPage'), 'DexlinkPage');
const AuthPage = lazyPage(() => import('./pages/auth/AuthPage'), 'AuthPage');
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage');

/**
 * The dashboard asks the server about the model while its code downloads, not after: the notice
 * saying no model server answers is then there from the first paint instead of pushing the
 * workspace down when the answer comes.
 */
function DashboardRoute() {
  trpc.system.model.useQuery();
  // Its own boundary, so this component mounts (and its query starts) while the page downloads.
  return (
    <Suspense fallback={<PageLoader />}>
      <DashboardPage />
    </Suspense>
  );
}
const CodeTestPage = lazyPage(() => import('./pages/CodeTestPage'), 'CodeTestPage');
const ApiReferencePage = lazyPage(
  () => import('./pages/docs/ApiReferencePage'),
  'ApiReferencePage',
);
const ApiTokensPage = lazyPage(() => import('./pages/settings/ApiTokensPage'), 'ApiTokensPage');

/** The route table of both spec documents, under one layout (header, page, footer). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'docs/api', element: <ApiReferencePage /> },
      { path: 'pricing', element: <PricingPage /> },
      {
        path: 'integrations',
        element: (
          <RequireAuth>
            <IntegrationsPage />
          </RequireAuth>
        ),
      },
      {
        path: 'settings/tokens',
        element: (
          <RequireAuth>
            <ApiTokensPage />
          </RequireAuth>
        ),
      },
      { path: 'dexlink', element: <DexlinkPage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'code-test', element: <CodeTestPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
