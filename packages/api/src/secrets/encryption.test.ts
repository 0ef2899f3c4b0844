import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretKeyError, secretKeyId } from './encryption';

const key = Buffer.alloc(32, 1);
const otherKey = Buffer.alloc(32, 2);

describe('encryptSecret', () => {
  it('seals with AES-256-GCM as enc:v1:<keyId>:<iv>:<tag>:<ciphertext> and opens again', () => {
    const sealed = encryptSecret('hunter2-token', key);
    const [, , keyId, iv, tag, ciphertext] = sealed.split(':');
    expect(sealed.startsWith('enc:v1:')).toBe(true);
    expect(keyId).toBe(secretKeyId(key));
    expect(keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext!, 'base64').toString('utf8')).not.toContain('hunter2');
    expect(decryptSecret(sealed, key)).toBe('hunter2-token');
    expect(encryptSecret('hunter2-token', key)).not.toBe(sealed);
  });

  it('opens values sealed under a retired key when that key is still listed (rotation)', () => {
    const old = encryptSecret('old secret', otherKey);
    expect(decryptSecret(old, [key, otherKey])).toBe('old secret');
    expect(() => decryptSecret(old, key)).toThrow(SecretKeyError);
  });

  it('refuses a tampered value', () => {
    const sealed = encryptSecret('secret', key);
    const parts = sealed.split(':');
    parts[5] = Buffer.from('SECRET').toString('base64');
    expect(() => decryptSecret(parts.join(':'), key)).toThrow(SecretKeyError);
  });
});
