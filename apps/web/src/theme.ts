import { UI_TIMING } from '@flows/engine';
import {
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
    Tooltip: { defaultProps: { openDelay: UI_TIMING.tooltipDelayMs } },
  },
});
