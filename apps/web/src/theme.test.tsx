import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeMenu } from './components/layout/ThemeMenu';
import { renderWithProviders } from './testing/render';

const colorScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function chooseTheme(label: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Colour theme/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: label }));
}

describe('theme', () => {
  it('defaults to dark when nothing is saved', () => {
    renderWithProviders(<ThemeMenu />);

    expect(colorScheme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour theme: Dark' })).toBeTruthy();
  });

  it("saves the chosen theme under the 'theme' key and applies it", () => {
    renderWithProviders(<ThemeMenu />);

    chooseTheme('Light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(colorScheme()).toBe('light');

    chooseTheme('System');
    expect(window.localStorage.getItem('theme')).toBe('auto');
    expect(colorScheme()).toBe('light'); // the stubbed system preference is light

    chooseTheme('Dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(colorScheme()).toBe('dark');
  });

  it('restores the saved theme on the next visit', () => {
    window.localStorage.setItem('theme', 'light');
    renderWithProviders(<ThemeMenu />);

    expect(colorScheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Colour theme: Light' })).toBeTruthy();
  });
});
