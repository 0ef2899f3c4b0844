import { ScrollArea } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CODE_STYLE } from './codeStyle';

// The highlighter is loaded the first time code is shown, in its own chunk.
const HighlightedCode = lazy(async () => {
  const module = await import('./HighlightedCode');
  return { default: module.HighlightedCode };
});

/** Code as plain text, until the highlighter is there (and while an answer streams). */
export function PlainCode({ code }: { code: string }) {
  return (
    <pre
      style={{
        ...CODE_STYLE,
        background: 'var(--mantine-color-default-hover)',
        color: 'var(--mantine-color-text)',
      }}
    >
      {code}
    </pre>
  );
}

/** Props of {@link CodeView}. */
export type CodeViewProps = {
  code: string;
  language: string;
  /** Plain text only (no highlighter), e.g. while the text still streams. */
  plain?: boolean;
  /** Taller code scrolls, in px. */
  maxHeight?: number;
};

/** A block of code, highlighted for its language once the highlighter has loaded. */
export function CodeView({ code, language, plain = false, maxHeight = 320 }: CodeViewProps) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      {plain ? (
        <PlainCode code={code} />
      ) : (
        <Suspense fallback={<PlainCode code={code} />}>
          <HighlightedCode code={code} language={language} />
        </Suspense>
      )}
    </ScrollArea.Autosize>
  );
}
