import { UI_TIMING } from '@flows/engine';
import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorScheme,
} from '@mantine/core';

/** Browser storage key holding the chosen colour scheme (spec: the theme key defaults to 'theme'). */
export const THEME_STORAGE_KEY = 'theme';

/** Colour scheme used until the visitor picks one. */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'dark';

/** Persists light / dark / auto ('System') under {@link THEME_STORAGE_KEY}. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/** The Flows look: violet accents, rounded surfaces, spec tooltip delay. */
export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A link inside text must not stand out by colour alone (WCAG 1.4.1): underlined unless a
    // place (navigation, a card's title) says otherwise.
    Anchor: { defaultProps: { underline: 'always' } },
    // A dialog's × is an icon only: screen readers need its name (not 'Close', which some
    // dialogs give a button of their own).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Tooltip: { defaultProps: { openDelay: UI_TIMING.tooltipDelayMs } },
  },
});

/**
 * Secondary ('dimmed') text readable on every surface (WCAG AA, 4.5:1): Mantine's defaults (gray.6
 * on white, dark.2 on the dark body and its hover surface) fall short of it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
