import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signingKeyBytes } from './integration-rules';

const here = dirname(fileURLToPath(import.meta.url));

/** Packages the browser entry may use; the engine is walked into like a folder of our own. */
const allowedPackages = new Set(['zod']);
const workspaceEntries: Record<string, string> = {
  '@flows/engine': resolve(here, '../../../engine/src/index.ts'),
};

const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The TypeScript file an import without an extension names: `x.ts` or `x/index.ts`. */
const sourceFile = (path: string) => (existsSync(`${path}.ts`) ? `${path}.ts` : `${path}/index.ts`);

/** Every file `entry` reaches and every package it names, following relative imports. */
function importGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(specifierPattern)) {
      if (!specifier) continue;
      const workspace = workspaceEntries[specifier];
      if (workspace) visit(workspace);
      else if (specifier.startsWith('.')) visit(sourceFile(resolve(dirname(file), specifier)));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe('@flows/api/contracts', () => {
  it('imports nothing but zod, the engine and its own files (no Node, database or server)', () => {
    const { files, packages } = importGraph(resolve(here, 'index.ts'));
    expect(packages.filter((name) => !allowedPackages.has(name))).toEqual([]);
    const contracts = files.filter((file) => file.startsWith(here));
    expect(contracts.every((file) => !file.endsWith('.test.ts'))).toBe(true);
    expect(
      files.filter((file) => !file.startsWith(here) && !file.includes('/engine/src/')),
    ).toEqual([]);
    // Node's globals are not imported, so they are looked for by name.
    const nodeGlobals = files.filter((file) =>
      /\b(Buffer\.|process\.|require\(|__dirname\b)/.test(readFileSync(file, 'utf8')),
    );
    expect(nodeGlobals).toEqual([]);
  });

  it('decodes signing secrets as Node does', () => {
    for (const length of [16, 17, 18, 32, 33, 64]) {
      const key = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + length) % 256));
      const encoded = key.toString('base64');
      expect(Buffer.from(signingKeyBytes(encoded) ?? []).equals(key)).toBe(true);
      expect(Buffer.from(signingKeyBytes(`whsec_${encoded}`) ?? []).equals(key)).toBe(true);
    }
    expect(signingKeyBytes(Buffer.alloc(15).toString('base64'))).toBeNull();
    expect(signingKeyBytes(Buffer.alloc(65).toString('base64'))).toBeNull();
    expect(signingKeyBytes('not base64!')).toBeNull();
    expect(signingKeyBytes('abc')).toBeNull();
  });
});
