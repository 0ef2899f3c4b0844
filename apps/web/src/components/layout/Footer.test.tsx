import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('links Home, Documentation and Pricing and shows the current year', () => {
    renderWithProviders(<Footer />);

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Documentation', '/docs'],
      ['Pricing', '/pricing'],
    ]);
    expect(screen.getByText(`© ${new Date().getFullYear()} Flows`)).toBeTruthy();
  });

  it('carries the beta notice and a Powered by link that opens safely in a new tab', () => {
    renderWithProviders(<Footer />);

    expect(screen.getByText(/prototype in beta: features may change without notice/)).toBeTruthy();
    const poweredBy = screen.getByText(/Powered by/);
    const link = within(poweredBy).getByRole('link');
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
