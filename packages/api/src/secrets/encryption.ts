/**
 * Encryption of stored secrets: AES-256-GCM under the operator's key, each value naming the key
 * it was sealed with so keys can rotate.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/** The id stored with each encrypted value: the first 8 hex digits of the key's SHA-256. */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** A stored secret that cannot be opened with the keys at hand. */
export class SecretKeyError extends Error {}

/** Whether a stored value is one of ours: `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>`. */
function isEncryptedSecret(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** Encrypts a secret for storage with AES-256-GCM under `key`. */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${secretKeyId(key)}:${iv.toString('base64')}:${tag.toString('base64')}:${ciphertext.toString('base64')}`;
}

/**
 * Opens a stored secret. `keys` lists the current key and any retired ones still accepted, so
 * keys can rotate: each value names the key it was sealed with. Values written before
 * encryption (no prefix) are returned as they are.
 */
export function decryptSecret(stored: string, keys: Buffer | readonly Buffer[]): string {
  if (!isEncryptedSecret(stored)) return stored;
  const [keyId, iv, tag, ciphertext] = stored.slice(PREFIX.length).split(':');
  const key = (Array.isArray(keys) ? keys : [keys]).find((k: Buffer) => secretKeyId(k) === keyId);
  if (!key || !iv || !tag || ciphertext === undefined) {
    throw new SecretKeyError(
      'A saved secret was encrypted with another key; enter it again to use it',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretKeyError('A saved secret could not be decrypted; enter it again to use it');
  }
}
