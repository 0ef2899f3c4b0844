import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** A public page whose HTML the build renders (src/prerender.tsx); web.ts serves it. */
type PrerenderedPage = {
  path: string;
  /**
   * The lazily loaded modules the page shows at once: their scripts are fetched with the HTML
   * instead of after the app's, and their styles are in place for the first paint.
   */
  lazyModules?: string[];
  /** Lazily loaded modules whose styles alone the first paint needs: their code comes later. */
  lazyStyles?: string[];
};

/**
 * The prerendered pages. The dashboard's HTML is its frame and loader only: its workspace
 * depends on the browser's saved settings and on whether the model server answers (a notice
 * above the workspace), so it is drawn after hydrating. Its styles come with the HTML (parsed
 * before the first paint, not while the page starts up), its code once the app runs: fetched
 * with the HTML, it held up the app's own scripts, and so the notice, on a slow connection.
 */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { path: '/' },
  { path: '/docs', lazyModules: ['src/pages/docs/DocsPage.tsx', 'src/mantineStyles.ts'] },
  { path: '/dashboard', lazyStyles: ['src/mantineStyles.ts'] },
];

/** What src/prerender.tsx's renderPage gives for a page. */
type RenderedPage = { html: string; requests: string[] };

/** Where a page's HTML is written, inside the web app's dist (web.ts reads the same names). */
function prerenderedFile(pagePath: string): string {
  return `prerendered/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;
}

type Chunks = Map<string, Rollup.OutputChunk>;

/** The browser build's output, as the prerendered pages' links need it. */
type Bundle = { chunks: Chunks; styleSheets: Rollup.OutputAsset[] };

/** A chunk's file and those it imports statically, with every one's CSS. */
function staticAssets(chunk: Rollup.OutputChunk, chunks: Chunks, scripts = new Set<string>()) {
  const styles = new Set<string>();
  const visit = (current: Rollup.OutputChunk) => {
    if (scripts.has(current.fileName)) return;
    scripts.add(current.fileName);
    for (const css of current.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of current.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
  };
  visit(chunk);
  return { scripts, styles };
}

/** The files a page adds to index.html's head: its lazy modules' scripts and styles. */
function pageAssets(page: PrerenderedPage, { chunks, styleSheets }: Bundle, template: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const stylesOnly = new Set(page.lazyStyles);
  for (const module of [...(page.lazyModules ?? []), ...stylesOnly]) {
    const chunk = [...chunks.values()].find((candidate) =>
      candidate.facadeModuleId?.endsWith(`/${module}`),
    );
    // A module of styles alone (mantineStyles.ts) may leave no chunk, only its style sheet.
    const sheet = styleSheets.find((asset) => asset.originalFileNames.includes(module));
    if (chunk) {
      const found = staticAssets(chunk, chunks);
      if (!stylesOnly.has(module)) for (const script of found.scripts) scripts.add(script);
      for (const style of found.styles) styles.add(style);
    } else if (sheet) styles.add(sheet.fileName);
    else throw new Error(`Prerendering ${page.path}: nothing is built from ${module}`);
  }
  // index.html already has the app's own.
  const missing = (file: string) => !template.includes(`/${file}"`);
  return { scripts: [...scripts].filter(missing), styles: [...styles].filter(missing) };
}

const TITLE = /<title>[^<]*<\/title>/;
const STYLE_SHEET = /\s*<link rel="stylesheet"[^>]*>/g;
const FIRST_SCRIPT = /(?=<script)/;

/**
 * Style sheets before scripts in index.html: over HTTP/1.1 (six connections) a style sheet
 * listed after two dozen scripts waits for them, and the first paint waits for it.
 */
function stylesFirst(html: string): string {
  const sheets = (html.match(STYLE_SHEET) ?? []).map((sheet) => `${sheet.trim()}\n    `);
  return html.replace(STYLE_SHEET, '').replace(FIRST_SCRIPT, sheets.join(''));
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * index.html with the page's HTML in #root (marked with its path for main.tsx) and its files in
 * the head. A page's <title> (React puts it first) replaces the head's, where React finds it when
 * hydrating. The requests the page makes as it renders are made by the HTML, at once. The HTML
 * draws the page, so its scripts are fetched at low priority: the style sheets, which the first
 * paint waits for, get the connections first.
 */
function pageDocument(
  template: string,
  page: PrerenderedPage,
  rendered: RenderedPage,
  bundle: Bundle,
) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`index.html has no empty ${root}`);
  const { html, requests } = rendered;
  if (html.includes('<script'))
    throw new Error(`${page.path} renders a script: it would be inline`);
  const title = TITLE.exec(html)?.[0];
  const body = title ? html.replace(title, '') : html;
  const { scripts, styles } = pageAssets(page, bundle, template);
  const link = (attributes: string) => (href: string) =>
    `<link ${attributes} href="${escapeAttribute(href)}">\n    `;
  const early = [
    ...styles.map((file) => `/${file}`).map(link('rel="stylesheet" crossorigin')),
    // The app's fetches send the session cookie (lib/trpc.ts): so do these, or they are not reused.
    ...requests.map(link('rel="preload" as="fetch" crossorigin="use-credentials"')),
  ];
  const later = scripts.map((file) => `/${file}`).map(link('rel="modulepreload" crossorigin'));
  return template
    .replace(TITLE, (original) => title ?? original)
    .replace(FIRST_SCRIPT, early.join(''))
    .replace('</head>', `${later.join('')}</head>`)
    .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
    .replace(root, () => `<div id="root" data-prerendered="${page.path}">${body}</div>`);
}

/**
 * Prerenders {@link PRERENDERED_PAGES} after the browser build: builds src/prerender.tsx for
 * Node (this config with `build.ssr`), renders each page with it and writes the page's HTML into
 * dist/prerendered/. The browser paints the page from that HTML and CSS before any script runs.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const chunks: Chunks = new Map();
  const styleSheets: Rollup.OutputAsset[] = [];
  return {
    name: 'flows:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: { order: 'post', handler: stylesFirst },
    writeBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
        else if (output.fileName.endsWith('.css')) styleSheets.push(output);
      }
    },
    async closeBundle() {
      // Inside node_modules, so the server bundle's imports resolve to the app's dependencies.
      const serverDir = await mkdtemp(path.join(config.root, 'node_modules/.prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender.tsx',
            outDir: serverDir,
            copyPublicDir: false,
            minify: false,
          },
          // The workspace packages are TypeScript sources: bundled, not imported by Node.
          ssr: { noExternal: [/^@flows\//] },
        });
        const { renderPage } = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.js')).href
        )) as { renderPage: (pagePath: string) => Promise<RenderedPage> };
        const outDir = path.resolve(config.root, config.build.outDir);
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        for (const page of PRERENDERED_PAGES) {
          const rendered = await renderPage(page.path);
          const file = path.join(outDir, prerenderedFile(page.path));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageDocument(template, page, rendered, { chunks, styleSheets }));
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
