import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The Markdown renderer (react-markdown and remark: the largest library a page shows results
// with) loads the first time a result is shown, not with the page.
const loadMarkdown = () => import('./Markdown');
const Result = lazy(async () => ({ default: (await loadMarkdown()).ResultMarkdown }));
const Streaming = lazy(async () => ({ default: (await loadMarkdown()).StreamingMarkdown }));

/** The text as it came, while the renderer loads. */
function PlainText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** A finished result as Markdown (Markdown.tsx), its renderer loaded on first use. */
export function ResultMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Result text={text} />
    </Suspense>
  );
}

/** Markdown still arriving (Markdown.tsx), its renderer loaded on first use. */
export function StreamingMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Streaming text={text} />
    </Suspense>
  );
}
