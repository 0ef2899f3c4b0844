/** Editor language of an IDE file, read from its extension. */
export function languageFromFilename(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return FILE_LANGUAGES[extension] ?? 'plaintext';
}

const FILE_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'html',
  css: 'css',
  json: 'json',
  md: 'markdown',
  py: 'python',
};

const EXTENSIONS: Record<string, string> = {
  javascript: 'js',
  js: 'js',
  typescript: 'ts',
  ts: 'ts',
  html: 'html',
  css: 'css',
  python: 'py',
  py: 'py',
  java: 'java',
  ruby: 'rb',
  rb: 'rb',
  go: 'go',
  rust: 'rs',
  rs: 'rs',
  jsx: 'jsx',
  tsx: 'tsx',
  md: 'md',
  markdown: 'md',
  json: 'json',
  xml: 'xml',
  sql: 'sql',
  yaml: 'yaml',
  yml: 'yaml',
  plaintext: 'txt',
  text: 'txt',
  txt: 'txt',
};

/** The file extension for a code block's language (spec 2, section 9); 'txt' when unknown. */
export function extensionForLanguage(language: string): string {
  return EXTENSIONS[language.trim().toLowerCase()] ?? 'txt';
}

const NAMED_FILES: Record<string, { first: string; next: string }> = {
  html: { first: 'index', next: 'page' },
  css: { first: 'styles', next: 'styles' },
  js: { first: 'script', next: 'script' },
};

/**
 * The name of a file the IDE assistant creates for a code block: html gives index.html then
 * page{n}.html, css styles.css then styles{n}.css, javascript script.js then script{n}.js, others
 * file{n}.{ext}; n is the number of existing files with that extension. When that name is taken
 * (a file was deleted in between), n counts up to the first free name.
 */
export function nextGeneratedFileName(language: string, existingNames: readonly string[]): string {
  const extension = extensionForLanguage(language);
  const suffix = `.${extension}`;
  const taken = new Set(existingNames.map((name) => name.toLowerCase()));
  const count = existingNames.filter((name) => name.toLowerCase().endsWith(suffix)).length;
  const named = NAMED_FILES[extension];
  if (named && count === 0) return `${named.first}${suffix}`;
  const stem = named ? named.next : 'file';
  let n = count;
  while (taken.has(`${stem}${n}${suffix}`)) n++;
  return `${stem}${n}${suffix}`;
}
