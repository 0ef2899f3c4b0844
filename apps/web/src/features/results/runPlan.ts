import { buildPreviewDocument, wrapHtmlDocument } from '@flows/engine';
import { type RunKind, runKind } from './languages';
import { transpile } from './transpile';

/** The console's note for an HTML block. */
export const HTML_CONSOLE_NOTE =
  'HTML is rendered in the preview panel. Switch to visual mode to see it.';
/** The console's note for a CSS block. */
export const CSS_CONSOLE_NOTE = 'CSS is applied to the demo elements in the preview panel.';

/** What the frame is given for one run, and how the block shows it. */
export type RunPlan = {
  /** The document the frame shows (the capture is installed before its scripts). */
  html: string;
  /** Scripts run in order after the document, the block's code among them. */
  scripts: string[];
  /** HTML switches the block to visual mode. */
  forceVisual: boolean;
  /** A note for the console (HTML and CSS). */
  note?: string;
};

/**
 * CommonJS for transpiled import/export: `exports`, `module` and a `require` that knows only
 * what the runtime registered (React for JSX). Set as properties, not declarations, so a block may
 * still declare its own `module` or `exports`.
 */
const MODULE_SHIM = `self.__flowsModules = {};
self.exports = {};
self.module = { exports: self.exports };
self.require = (name) => {
  if (Object.prototype.hasOwnProperty.call(self.__flowsModules, name)) return self.__flowsModules[name];
  throw new Error("Cannot find module '" + name + "'");
};`;

/** The page a script runs on: empty but for a #root element a block may render into. */
const SCRIPT_PAGE = buildPreviewDocument('<div id="root"></div>');

function fenced(language: string, code: string): string {
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

async function scriptPlan(kind: RunKind, code: string): Promise<RunPlan> {
  if (kind === 'javascript' || kind === 'typescript') {
    const script = await transpile(code, kind);
    return { html: SCRIPT_PAGE, scripts: [MODULE_SHIM, script], forceVisual: false };
  }
  const [script, runtime] = await Promise.all([
    transpile(code, kind === 'tsx' ? 'tsx' : 'jsx'),
    import('./reactRuntime'),
  ]);
  return {
    html: SCRIPT_PAGE,
    // The UMD builds go before the shim: seeing `exports`, they would not set their globals.
    scripts: [
      ...runtime.REACT_LIBRARY_SCRIPTS,
      MODULE_SHIM,
      runtime.REACT_GLOBALS,
      script,
      runtime.REACT_AUTO_RENDER,
    ],
    forceVisual: false,
  };
}

/**
 * What running a block means: HTML is shown as a page (a fragment wrapped in a basic document)
 * and forces visual mode; CSS is applied to the demo page; JavaScript runs as a script, and
 * TypeScript, JSX and TSX are transpiled first (JSX with React in the frame). Throws when the
 * language cannot run or the code does not transpile.
 */
export async function planRun(language: string, code: string): Promise<RunPlan> {
  const kind = runKind(language);
  if (!kind) throw new Error(`Execution not supported for language: ${language}`);
  if (kind === 'html') {
    return {
      html: wrapHtmlDocument(code, 'HTML Preview'),
      scripts: [],
      forceVisual: true,
      note: HTML_CONSOLE_NOTE,
    };
  }
  if (kind === 'css') {
    return {
      html: buildPreviewDocument(fenced('css', code)),
      scripts: [],
      forceVisual: false,
      note: CSS_CONSOLE_NOTE,
    };
  }
  return scriptPlan(kind, code);
}
