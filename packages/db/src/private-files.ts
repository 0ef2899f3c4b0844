import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Paths under `root` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
export function notPrivate(root: string): string[] {
  const stats = statSync(root);
  const mode = stats.mode & 0o777;
  const own = mode === (stats.isDirectory() ? 0o700 : 0o600) ? [] : [`${root} ${mode.toString(8)}`];
  if (!stats.isDirectory()) return own;
  return [...own, ...readdirSync(root).flatMap((entry) => notPrivate(join(root, entry)))];
}
