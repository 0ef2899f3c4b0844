import { extractCodeBlocks } from '@flows/engine';
import { Stack } from '@mantine/core';
import { memo } from 'react';
import { ExecutableCodeBlock } from './ExecutableCodeBlock';
import { ResultMarkdown } from './LazyMarkdown';
import { WebsitePreviewCard } from './WebsitePreviewCard';

/**
 * How a result reads: Markdown, unless the engine takes the whole text as one unfenced HTML
 * snippet; and whether it holds a website (HTML or CSS) to preview.
 */
export function describeResult(text: string): { rawHtml: string | null; website: boolean } {
  const blocks = extractCodeBlocks(text);
  const only = blocks.length === 1 ? blocks[0] : undefined;
  const rawHtml = only?.language === 'html' && only.code === text.trim() ? only.code : null;
  const website = blocks.some((block) => block.language === 'html' || block.language === 'css');
  return { rawHtml, website };
}

/**
 * A finished result wherever results show: GitHub-flavoured Markdown with runnable code blocks,
 * and a live website preview card when it holds HTML or CSS. Memoised on the text.
 */
export const ResultContent = memo(function ResultContent({ text }: { text: string }) {
  const { rawHtml, website } = describeResult(text);
  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      {rawHtml !== null ? (
        <ExecutableCodeBlock language="html" code={rawHtml} />
      ) : (
        <ResultMarkdown text={text} />
      )}
      {website && <WebsitePreviewCard text={text} />}
    </Stack>
  );
});
