import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The `.env` file at the repository root. */
export const ENV_FILE = fileURLToPath(new URL('../../../.env', import.meta.url));

/**
 * Reads settings from a `.env` file when there is one: each variable it names is set unless the
 * environment already has it (the environment wins).
 */
export function applyEnvFile(file = ENV_FILE, env: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(file)) return;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] === undefined) env[name] = value;
  }
}
