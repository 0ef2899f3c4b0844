import { languageFromFilename, nextGeneratedFileName } from '@flows/engine';

/** A file of the IDE project (spec 2, section 3): kept in the browser only. */
export type IdeFile = { id: string; name: string; content: string; language: string };

/** A chat message of the IDE assistant. */
export type ChatMessage = { role: 'agent' | 'user'; content: string };

/** Name of a file made with New File. */
export const DEFAULT_NEW_FILE = 'newFile.js';

/** A random short id for a new file. */
export function fileId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A new file named `name`, its language read from the extension. */
export function makeFile(name: string, content = ''): IdeFile {
  return { id: fileId(), name, content, language: languageFromFilename(name) };
}

/** A name not taken yet: `newFile.js`, else `newFile1.js`, `newFile2.js`… */
export function freeName(wanted: string, files: readonly IdeFile[]): string {
  const taken = new Set(files.map((file) => file.name.toLowerCase()));
  if (!taken.has(wanted.toLowerCase())) return wanted;
  const dot = wanted.lastIndexOf('.');
  const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
  const ext = dot > 0 ? wanted.slice(dot) : '';
  let n = 1;
  while (taken.has(`${stem}${n}${ext}`.toLowerCase())) n++;
  return `${stem}${n}${ext}`;
}

/** True for a usable file name: no path separators, no control characters, not blank. */
export function isValidFileName(name: string): boolean {
  const trimmed = name.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return trimmed.length > 0 && trimmed.length <= 100 && !/[/\\\u0000-\u001f]/.test(trimmed);
}

/** The minimal page of 'Create HTML File'. */
export const HELLO_WORLD_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>Hello World</title>
</head>
<body>
  <h1>Hello World</h1>
</body>
</html>
`;

/** The template project: index.html, styles.css and script.js. */
export function templateProject(): IdeFile[] {
  return [
    makeFile(
      'index.html',
      `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>My Project</title>
  <link rel="stylesheet" href="styles.css">
</head>
<body>
  <header>
    <h1>Welcome to My Project</h1>
  </header>
  <main>
    <p>Edit index.html, styles.css and script.js, then press Run.</p>
    <button id="greet">Click me</button>
    <p id="output"></p>
  </main>
  <script src="script.js"></script>
</body>
</html>
`,
    ),
    makeFile(
      'styles.css',
      `body {
  font-family: system-ui, sans-serif;
  margin: 0;
  padding: 2rem;
  background: #f5f7fb;
  color: #1f2933;
}

h1 {
  color: rgb(37, 99, 235);
}

button {
  padding: 0.5rem 1rem;
  border: 0;
  border-radius: 6px;
  background: #2563eb;
  color: #fff;
  cursor: pointer;
}
`,
    ),
    makeFile(
      'script.js',
      `document.getElementById('greet').addEventListener('click', () => {
  document.getElementById('output').textContent = 'Hello from script.js!';
});
`,
    ),
  ];
}

/** A fenced block of an assistant reply: its language tag and the file name its info string names. */
export type ReplyBlock = { language: string; fileName: string | null; code: string };

const FILE_NAME_WORD = /^[\w.-]+\.[A-Za-z0-9]+$/;

/**
 * The fenced code blocks of a reply, with the file name an info string may carry after the
 * language (```css styles.css). Blocks with a language tag come first; when none has one, the
 * untagged blocks are taken as plaintext (spec 2, section 5). One pass, no backtracking.
 */
export function replyBlocks(reply: string): ReplyBlock[] {
  const tagged: ReplyBlock[] = [];
  const untagged: ReplyBlock[] = [];
  const lines = reply.split('\n');
  let open: { language: string; fileName: string | null; body: string[] } | null = null;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (open) {
      if (/^\s*```\s*$/.test(line)) {
        const block = {
          language: open.language,
          fileName: open.fileName,
          code: open.body.join('\n'),
        };
        if (open.language) tagged.push(block);
        else untagged.push({ ...block, language: 'plaintext' });
        open = null;
      } else {
        open.body.push(line);
      }
      continue;
    }
    const fence = /^\s*```(.*)$/.exec(line);
    if (!fence) continue;
    const words = (fence[1] ?? '').trim().split(/\s+/).filter(Boolean);
    let language = '';
    let fileName: string | null = null;
    for (const word of words) {
      const cleaned = word.replace(/^(?:title|file|filename)=/i, '').replace(/^["']|["']$/g, '');
      if (!fileName && FILE_NAME_WORD.test(cleaned)) fileName = cleaned;
      else if (!language && /^[\w+#-]+$/.test(word)) language = word.toLowerCase();
    }
    if (!language && fileName)
      language = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    open = { language, fileName, body: [] };
  }
  return tagged.length > 0 ? tagged : untagged;
}

/** What an assistant reply did to the project. */
export type ReplyChanges = { files: IdeFile[]; created: string[]; updated: string[] };

/**
 * Turns the code blocks of an assistant reply into files: a block whose info string names an
 * existing file updates it; one naming a new file creates that file; any other block makes a
 * new file named by the spec's rules (index.html then page{n}.html, styles.css then
 * styles{n}.css, script.js then script{n}.js, others file{n}.{ext}).
 */
export function applyReply(files: readonly IdeFile[], reply: string): ReplyChanges {
  let next = [...files];
  const created: string[] = [];
  const updated: string[] = [];
  for (const block of replyBlocks(reply)) {
    const named = block.fileName
      ? next.find((file) => file.name.toLowerCase() === block.fileName?.toLowerCase())
      : undefined;
    if (named) {
      next = next.map((file) => (file.id === named.id ? { ...file, content: block.code } : file));
      if (!updated.includes(named.name)) updated.push(named.name);
      continue;
    }
    const name =
      block.fileName && isValidFileName(block.fileName)
        ? block.fileName
        : nextGeneratedFileName(
            block.language,
            next.map((file) => file.name),
          );
    next.push(makeFile(name, block.code));
    created.push(name);
  }
  return { files: next, created, updated };
}
