import { Anchor, Text } from '@mantine/core';
import { ResultContent } from '../results';
import { linkParts } from './segments';

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
 * A step's text: an answer (`withCode`) as Markdown with runnable code blocks and, when it holds
 * HTML or CSS, a live website preview; other steps as prose.
 */
export function StepText({ text, withCode = true }: { text: string; withCode?: boolean }) {
  return withCode ? <ResultContent text={text} /> : <Prose text={text} />;
}
