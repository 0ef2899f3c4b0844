import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LandingPage } from './LandingPage';

const featureTitles = [
  'AI Agent Execution',
  'Webhook Integration',
  'File Processing',
  'API Framework',
  'Quick Templates',
  'Data Storage',
];
const serviceNames = ['Slack', 'Google', 'GitHub', 'Discord', 'Trello', 'Jira'];

/** The section element labelled by the heading with this name. */
function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('LandingPage', () => {
  it('shows the hero with the product name, BETA badge and both calls to action', () => {
    renderWithProviders(<LandingPage />);

    const hero = section('Flows');
    expect(within(hero).getByRole('heading', { level: 1, name: 'Flows' })).toBeTruthy();
    expect(within(hero).getByText('BETA')).toBeTruthy();
    expect(
      within(hero).getByRole('link', { name: 'Get Started with Flows' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(
      within(hero).getByRole('link', { name: 'Explore Integrations' }).getAttribute('href'),
    ).toBe('/integrations');
  });

  it('lists exactly the six key features, each with a description', () => {
    renderWithProviders(<LandingPage />);

    const features = section('Key Features');
    const headings = within(features).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(featureTitles);
    for (const heading of headings) {
      const description = heading.nextElementSibling?.textContent ?? '';
      expect(description.length).toBeGreaterThan(20);
    }
  });

  it('shows six integration tiles and links to all integrations', () => {
    renderWithProviders(<LandingPage />);

    const ecosystem = section('Integration Ecosystem');
    const tiles = within(ecosystem).getAllByRole('heading', { level: 3 });
    expect(tiles.map((tile) => tile.textContent)).toEqual(serviceNames);
    expect(
      within(ecosystem).getByRole('link', { name: 'View All Integrations' }).getAttribute('href'),
    ).toBe('/integrations');
  });

  it('closes with a call to launch the dashboard', () => {
    renderWithProviders(<LandingPage />);

    const closing = section('Ready to Get Started?');
    expect(
      within(closing).getByRole('link', { name: 'Launch the Dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
  });
});
