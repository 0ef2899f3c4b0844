import { isHtmlDocument } from '@flows/engine';
import { Anchor, Stack, Text } from '@mantine/core';
import { CodeBlock } from './CodeBlock';
import { HtmlPreview } from './HtmlPreview';
import { linkParts, splitCodeSegments } from './segments';

/** Prose of a step, line breaks kept and web addresses linked. */
export function Prose({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" inherit>
            {part.href}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

/**
 * A step's text: prose, and the code it holds as code blocks; an HTML document also gets a
 * sandboxed live preview.
 */
export function StepText({ text, withCode = true }: { text: string; withCode?: boolean }) {
  if (!withCode) return <Prose text={text} />;
  const segments = splitCodeSegments(text);
  return (
    <Stack gap="xs">
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Prose key={index} text={segment.text} />
        ) : (
          <Stack key={index} gap="xs">
            <CodeBlock language={segment.block.language} code={segment.block.code} />
            {segment.block.language === 'html' && isHtmlDocument(segment.block.code) && (
              <HtmlPreview html={segment.block.code} />
            )}
          </Stack>
        ),
      )}
    </Stack>
  );
}
