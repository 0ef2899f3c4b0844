import { isRunnableLanguage } from '@flows/engine';

/** How a code block runs: a script, TypeScript, JSX or TSX, an HTML page or CSS on the demo page. */
export type RunKind = 'javascript' | 'typescript' | 'jsx' | 'tsx' | 'html' | 'css';

const RUN_KINDS: Record<string, RunKind> = {
  js: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  jsx: 'jsx',
  tsx: 'tsx',
  html: 'html',
  css: 'css',
};

/** How a block in `language` runs, or null when it cannot run. */
export function runKind(language: string): RunKind | null {
  const key = language.toLowerCase();
  return isRunnableLanguage(key) ? (RUN_KINDS[key] ?? null) : null;
}
