import { useComputedColorScheme } from '@mantine/core';
import { Highlight, themes } from 'prism-react-renderer';
import { CODE_STYLE } from './codeStyle';

// Names the highlighter knows for the languages answers use most.
const PRISM_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
};

/** Code with syntax highlighting (prism-react-renderer: tokens as React elements, no HTML). */
export function HighlightedCode({ code, language }: { code: string; language: string }) {
  const dark = useComputedColorScheme('dark') === 'dark';
  const key = language.toLowerCase();
  return (
    <Highlight
      theme={dark ? themes.vsDark : themes.github}
      code={code}
      language={PRISM_LANGUAGES[key] ?? key}
    >
      {({ style, tokens, getLineProps, getTokenProps }) => (
        <pre style={{ ...style, ...CODE_STYLE }}>
          {tokens.map((line, lineIndex) => (
            <div key={lineIndex} {...getLineProps({ line })}>
              {line.map((token, tokenIndex) => (
                <span key={tokenIndex} {...getTokenProps({ token })} />
              ))}
            </div>
          ))}
        </pre>
      )}
    </Highlight>
  );
}
