/** One entry of the site navigation. */
export type NavigationLink = {
  label: string;
  to: string;
  /** Shows a 'New' badge beside the label. */
  isNew?: boolean;
};

/** The spec's flag for the header's Dashboard button, shown to signed-in users only. */
export const SHOW_DASHBOARD_LINK = true;

/** The header's navigation row (and the small-screen menu). */
export const headerLinks: NavigationLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Documentation', to: '/docs' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Integrations', to: '/integrations' },
  { label: 'IDE', to: '/dexlink', isNew: true },
];

/** The footer's links. */
export const footerLinks: NavigationLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Documentation', to: '/docs' },
  { label: 'Pricing', to: '/pricing' },
];

/** True when `to` is the page being shown (Home only on exactly '/'). */
export function isActiveLink(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
