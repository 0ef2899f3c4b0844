import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../contracts/integrations';
import { MAX_JSON_DEPTH } from '../contracts/json';
import { decryptSecret, encryptSecret } from './encryption';
import {
  isSecretName,
  JsonDepthError,
  maskJsonSecrets,
  openJsonSecrets,
  parseStoredJson,
  SecretCarryOverError,
  sealJsonSecrets,
  sealSecret,
} from './sealing';

const key = Buffer.alloc(32, 1);

describe('secret names', () => {
  it.each([
    'token',
    'apiKey',
    'password',
    'authPassword',
    'clientSecret',
    'accessToken',
    'Authorization',
    'X-API-Key',
  ])('%s is secret', (name) => expect(isSecretName(name)).toBe(true));

  it.each(['tokenKey', 'tokenPrefix', 'authUser', 'scopes', 'Content-Type'])('%s is not', (name) =>
    expect(isSecretName(name)).toBe(false),
  );
});

describe('top-level secret fields', () => {
  const stored = encryptSecret('kept', key);
  it('keeps on mask or absence, clears on empty, replaces on new text', () => {
    const seal = { key, mayKeep: true };
    expect(sealSecret(SECRET_MASK, stored, seal)).toBe(stored);
    expect(sealSecret(undefined, stored, seal)).toBe(stored);
    expect(sealSecret('', stored, seal)).toBeNull();
    expect(sealSecret(null, stored, seal)).toBeNull();
    expect(decryptSecret(sealSecret('new', stored, seal)!, key)).toBe('new');
  });

  it('does not carry a stored secret to a new host', () => {
    expect(() => sealSecret(SECRET_MASK, stored, { key, mayKeep: false })).toThrow(
      SecretCarryOverError,
    );
    expect(sealSecret('', stored, { key, mayKeep: false })).toBeNull();
    expect(sealSecret(SECRET_MASK, null, { key, mayKeep: false })).toBeNull();
  });
});

describe('JSON secrets', () => {
  it('encrypts secret leaves only, masks them on read, keeps masked ones on update', () => {
    const seal = { key, mayKeep: true };
    const first = sealJsonSecrets(
      { tokenKey: 'X-Key', apiKey: 'abc123', nested: { clientSecret: 's3' }, scopes: ['a'] },
      {},
      seal,
    );
    expect(first.tokenKey).toBe('X-Key');
    expect(first.scopes).toEqual(['a']);
    expect(String(first.apiKey)).toMatch(/^enc:v1:/);
    expect(JSON.stringify(first)).not.toContain('abc123');
    expect(maskJsonSecrets(first)).toEqual({
      tokenKey: 'X-Key',
      apiKey: SECRET_MASK,
      nested: { clientSecret: SECRET_MASK },
      scopes: ['a'],
    });

    const second = sealJsonSecrets(
      { tokenKey: 'X-Key', apiKey: SECRET_MASK, nested: { clientSecret: '' } },
      first,
      seal,
    );
    expect(second.apiKey).toBe(first.apiKey);
    expect(openJsonSecrets(second, key)).toEqual({
      tokenKey: 'X-Key',
      apiKey: 'abc123',
      nested: { clientSecret: '' },
    });
    expect(() => sealJsonSecrets({ apiKey: SECRET_MASK }, first, { key, mayKeep: false })).toThrow(
      SecretCarryOverError,
    );
  });
});

describe('deeply nested JSON', () => {
  const nestedText = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

  it('reads a stored value deeper than any input may be as {}, so reads never overflow', () => {
    const deep = nestedText(200_000);
    expect(parseStoredJson(deep)).toEqual({});
    expect(maskJsonSecrets(parseStoredJson(deep))).toEqual({});
    expect(parseStoredJson(nestedText(MAX_JSON_DEPTH + 1))).toEqual({});
    const deepest = parseStoredJson(nestedText(MAX_JSON_DEPTH));
    expect(JSON.stringify(deepest)).toBe(nestedText(MAX_JSON_DEPTH));
  });

  it('keeps stored values larger than inputs (encrypted secrets are longer)', () => {
    const sealed = sealJsonSecrets(
      Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`token${i}`, 'secret'])),
      {},
      { key, mayKeep: true },
    );
    expect(Object.keys(parseStoredJson(JSON.stringify(sealed)))).toHaveLength(2000);
  });

  it('stops the secret walk at the depth bound with a clear error', () => {
    let value: Record<string, unknown> = { token: 'x' };
    for (let level = 0; level < 100_000; level++) value = { a: value };
    expect(() => maskJsonSecrets(value)).toThrow(JsonDepthError);
    expect(() => sealJsonSecrets(value, {}, { key, mayKeep: true })).toThrow(
      `JSON must be nested at most ${MAX_JSON_DEPTH} levels deep`,
    );
  });
});
