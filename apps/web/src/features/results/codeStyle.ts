import type { CSSProperties } from 'react';

/** The look of a code block's text, highlighted or not (so the switch does not jump). */
export const CODE_STYLE: CSSProperties = {
  margin: 0,
  padding: 'var(--mantine-spacing-sm)',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 1.55,
  whiteSpace: 'pre',
  minWidth: 'max-content',
};
