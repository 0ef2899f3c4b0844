import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { restrictToOwner } from '@flows/db';
import { StartupError } from './process';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** Reads DATA_DIR/secret.key, refusing (in one line) a file that is not a 32-byte hex key. */
function readKeyFile(file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new StartupError(`Cannot read ${file} (${code}); fix it, or set SECRET_KEY`);
  }
  if (!HEX_KEY.test(text)) {
    throw new StartupError(
      `${file} is ${text ? 'corrupt' : 'empty'}: it must hold 64 hexadecimal characters (32 bytes). Restore it from a backup or set SECRET_KEY to the key; stored secrets can only be read with the key that sealed them`,
    );
  }
  if (restrictToOwner(file).length > 0) console.warn(`Could not make ${file} private to its owner`);
  return Buffer.from(text, 'hex');
}

/**
 * The key that encrypts stored secrets: SECRET_KEY when set, otherwise one generated on first
 * start and kept in DATA_DIR/secret.key (readable by the owner only). An empty or corrupt file
 * stops start-up. Processes on other machines that share a database must share SECRET_KEY.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'hex');
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readKeyFile(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // Written whole to a private file first, then linked into place: nobody reads it half-written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw error;
  } finally {
    unlinkSync(draft);
  }
  return key;
}
