import './csp';
// What the layout (header, footer, toasts), the landing page and the dashboard's notice that no
// model server answers (DashboardRoute) draw; the rest of Mantine's styles come with the first
// page or panel that is loaded later (mantineStyles.ts). Mantine's order: baseline, variables,
// global, then components after those they build on.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
// Text before Anchor, which is a Text and underlines it.
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/notifications/styles.layer.css';
import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { routes } from './routes';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from index.html');

const app = <App router={<RouterProvider router={createBrowserRouter(routes)} />} />;
// The build prerenders a few pages (vite-prerender.ts) and the server sends one only for its own
// path without a query; any other page starts empty and is rendered here.
const prerendered = rootElement.dataset.prerendered === location.pathname + location.search;

// As a transition, React renders (or hydrates) in short slices instead of one long task, so the
// page answers input while it renders.
startTransition(() => {
  if (prerendered) hydrateRoot(rootElement, app);
  else createRoot(rootElement).render(app);
});
