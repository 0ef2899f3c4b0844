import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that encrypts stored secrets: SECRET_KEY when set, otherwise one generated on first
 * start and kept in DATA_DIR/secret.key (readable by the owner only). Processes on other machines
 * that share a database must share SECRET_KEY.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'hex');
  const file = join(dataDir, 'secret.key');
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}
