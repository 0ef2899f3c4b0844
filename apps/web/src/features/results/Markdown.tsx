import { Anchor, Box, Code, Typography } from '@mantine/core';
import { memo } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ExecutableCodeBlock } from './ExecutableCodeBlock';
import classes from './Markdown.module.css';
import { safeUrl, splitMarkdownBlocks } from './markdownText';

type HastElement = NonNullable<ExtraProps['node']>;
type HastChild = HastElement['children'][number];

function textOf(node: HastChild | HastElement): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** The language and text of a fenced block, from the `<pre><code class="language-x">` it became. */
function fencedCode(pre: HastElement | undefined): { language: string; code: string } {
  const code = pre?.children.find(
    (child): child is HastElement => child.type === 'element' && child.tagName === 'code',
  );
  const classes = code?.properties.className;
  const list = Array.isArray(classes)
    ? classes.map(String)
    : typeof classes === 'string'
      ? [classes]
      : [];
  const language =
    list.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? 'plaintext';
  return { language: language.toLowerCase(), code: code ? textOf(code).replace(/\n$/, '') : '' };
}

/** Links open in a new tab, without the opener or a referrer; unsafe addresses are plain text. */
const SafeLink: Components['a'] = ({ href, children }) =>
  href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
    </Anchor>
  ) : (
    <span>{children}</span>
  );

/**
 * Images are links, not loaded into the app: the app's policy allows its own images only, and a
 * model's image address could track who reads the answer.
 */
const ImageLink: Components['img'] = ({ src, alt }) => {
  const label = alt ? `Image: ${alt}` : 'Image';
  return typeof src === 'string' && src ? (
    <Anchor href={src} target="_blank" rel="noopener noreferrer" inherit>
      {label}
    </Anchor>
  ) : (
    <span>{label}</span>
  );
};

const ScrollingTable: Components['table'] = ({ node: _node, ...props }) => (
  <Box style={{ overflowX: 'auto' }}>
    <table {...props} />
  </Box>
);

const InlineCode: Components['code'] = ({ children }) => <Code>{children}</Code>;

const shared: Components = { a: SafeLink, img: ImageLink, table: ScrollingTable, code: InlineCode };

/** Finished results: every fenced block is an executable code block. */
const resultComponents: Components = {
  ...shared,
  pre: ({ node }) => {
    const { language, code } = fencedCode(node);
    return (
      <Box my="sm">
        <ExecutableCodeBlock language={language} code={code} />
      </Box>
    );
  },
};

/** Streaming text: code shows plain, without buttons, until the answer is complete. */
const streamingComponents: Components = {
  ...shared,
  pre: ({ node }) => {
    const { language, code } = fencedCode(node);
    return (
      <Box my="sm">
        <ExecutableCodeBlock language={language} code={code} streaming />
      </Box>
    );
  },
};

const REMARK_PLUGINS = [remarkGfm];

function markdownProps(components: Components) {
  return {
    components,
    remarkPlugins: REMARK_PLUGINS,
    urlTransform: safeUrl,
    // No raw HTML in the app's DOM: HTML in a result shows as text (and runs in previews).
    skipHtml: false,
  } as const;
}

const TYPOGRAPHY_STYLE = {
  fontSize: 'var(--mantine-font-size-sm)',
  overflowWrap: 'anywhere',
  minWidth: 0,
} as const;

/**
 * A result as GitHub-flavoured Markdown: headings, lists, tables, links, emphasis and fenced code
 * (runnable). Raw HTML is shown as text, links are http, https or mailto only and open safely.
 * Memoised on the text, so a feed re-rendering around it does not parse it again.
 */
export const ResultMarkdown = memo(function ResultMarkdown({ text }: { text: string }) {
  return (
    <Typography style={TYPOGRAPHY_STYLE} className={classes.markdown}>
      <ReactMarkdown {...markdownProps(resultComponents)}>{text}</ReactMarkdown>
    </Typography>
  );
});

const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  return <ReactMarkdown {...markdownProps(streamingComponents)}>{source}</ReactMarkdown>;
});

/**
 * Markdown that is still arriving: cut into top-level blocks, each rendered on its own and
 * memoised, so a new token re-parses only the last block, not the whole answer.
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const blocks = splitMarkdownBlocks(text);
  return (
    <Typography style={TYPOGRAPHY_STYLE} className={classes.markdown}>
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} source={block} />
      ))}
    </Typography>
  );
}
