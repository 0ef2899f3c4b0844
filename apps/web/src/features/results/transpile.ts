import type { Transform } from 'sucrase';

/** Languages the runner transpiles before running. */
export type SourceLanguage = 'javascript' | 'typescript' | 'jsx' | 'tsx';

// import or export statements: such code is turned into CommonJS (require and exports), which the
// frame provides. Without them the code stays a plain (sloppy-mode) script.
const MODULE_SYNTAX = /^[ \t]*(?:import[\s{*'"]|export[\s{*])/m;

/** The transforms a block in `language` needs; none for a plain script. */
export function transformsFor(language: SourceLanguage, code: string): Transform[] {
  const transforms: Transform[] = [];
  if (language === 'typescript' || language === 'tsx') transforms.push('typescript');
  if (language === 'jsx' || language === 'tsx') transforms.push('jsx');
  if (MODULE_SYNTAX.test(code)) transforms.push('imports');
  return transforms;
}

/**
 * Turns TypeScript, JSX and TSX (and import/export) into a script the browser runs, with sucrase:
 * small and fast, loaded the first time it is needed. Lines stay where they were, so the frame's
 * error positions match the block. JSX becomes `React.createElement` calls. Throws on a syntax
 * error, with its line and column in the message.
 */
export async function transpile(code: string, language: SourceLanguage): Promise<string> {
  const transforms = transformsFor(language, code);
  if (transforms.length === 0) return code;
  const { transform } = await import('sucrase');
  return transform(code, {
    transforms,
    production: true,
    jsxRuntime: 'classic',
    jsxPragma: 'React.createElement',
    jsxFragmentPragma: 'React.Fragment',
    // The frame is a current browser: class fields, optional chaining and the like stay.
    disableESTransforms: true,
  }).code;
}
