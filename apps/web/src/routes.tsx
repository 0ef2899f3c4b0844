import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './components/layout/AppLayout';
import { lazyPage } from './lazyPage';
import { DashboardRoute } from './pages/dashboard/DashboardRoute';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { RequireAuth } from './session';

const DocsPage = lazyPage(() => import('./pages/docs/DocsPage'), 'DocsPage');
const PricingPage = lazyPage(() => import('./pages/pricing/PricingPage'), 'PricingPage');
const IntegrationsPage = lazyPage(
  () => import('./pages/integrations/IntegrationsPage'),
  'IntegrationsPage',
);
const DexlinkPage = lazyPage(() => import('./pages/DexlinkPage'), 'DexlinkPage');
const AuthPage = lazyPage(() => import('./pages/auth/AuthPage'), 'AuthPage');
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
