/**
 * Secret fields at rest and in answers: sealed (encrypted) for storage, masked when read, opened
 * for a call; a mask sent back keeps the stored value.
 */
import { jsonBoundsProblem } from '@flows/engine';
import { SECRET_MASK, type TJsonObject } from '../contracts/integrations';
import { MAX_JSON_DEPTH } from '../contracts/json';
import { decryptSecret, encryptSecret } from './encryption';

const secretNamePattern = /token|secret|password|passwd|key|authorization|cookie|credential/i;
const notSecretNames = new Set(['tokenkey', 'tokenprefix']);

/**
 * Whether a JSON key (in authConfig or headers) holds a secret: token, apiKey, password,
 * clientSecret, accessToken, Authorization, X-API-Key... but not tokenKey or tokenPrefix.
 */
export function isSecretName(name: string): boolean {
  return secretNamePattern.test(name) && !notSecretNames.has(name.toLowerCase());
}

/** Thrown when a mask asks to keep a secret that may not be carried over. */
export class SecretCarryOverError extends Error {}

export type SealOptions = {
  key: Buffer;
  /** False when the address moved to another host: stored secrets may not follow it. */
  mayKeep: boolean;
};

/**
 * The stored form of a top-level secret field. Undefined or the mask keeps `stored`; '' or null
 * clears it; anything else is encrypted.
 */
export function sealSecret(
  next: string | null | undefined,
  stored: string | null,
  { key, mayKeep }: SealOptions,
): string | null {
  if (next === undefined || next === SECRET_MASK) {
    if (stored && !mayKeep) throw carryOverError();
    return stored;
  }
  if (!next) return null;
  return encryptSecret(next, key);
}

/** What a read returns for a top-level secret field. */
export function maskSecret(stored: string | null): string | null {
  return stored ? SECRET_MASK : null;
}

/** The refusal to carry stored secrets over to an address on another host. */
export const carryOverError = () =>
  new SecretCarryOverError(
    'Saved secrets do not move to a new host: enter them again or clear them',
  );

type JsonValue = unknown;

/** A JSON value nested deeper than any input may be (MAX_JSON_DEPTH): not walked. */
export class JsonDepthError extends Error {}

/**
 * Walks a JSON value, rewriting the string leaves that sit under a secret key. Inputs are
 * bounded when they arrive and stored values when they are read (parseStoredJson), so the walk
 * never goes deeper than MAX_JSON_DEPTH; should anything deeper reach it, it stops there.
 */
function mapSecrets(
  value: JsonValue,
  underSecret: boolean,
  rewrite: (leaf: string, path: string) => JsonValue,
  path = '',
  depth = 0,
): JsonValue {
  if (typeof value === 'object' && value !== null && depth >= MAX_JSON_DEPTH) {
    throw new JsonDepthError(`JSON must be nested at most ${MAX_JSON_DEPTH} levels deep`);
  }
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      mapSecrets(item, underSecret, rewrite, `${path}[${index}]`, depth + 1),
    );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => [
        name,
        mapSecrets(child, underSecret || isSecretName(name), rewrite, `${path}.${name}`, depth + 1),
      ]),
    );
  }
  if (!underSecret || value === null) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return rewrite(String(value), path);
  }
  return value;
}

/** The secret leaves of a stored JSON object by path. */
function storedLeaves(stored: TJsonObject): Map<string, string> {
  const leaves = new Map<string, string>();
  mapSecrets(stored, false, (leaf, path) => {
    leaves.set(path, leaf);
    return leaf;
  });
  return leaves;
}

/**
 * The stored form of a JSON object field (authConfig, headers): secret values are encrypted;
 * a mask keeps the stored value at the same place; '' stays ''.
 */
export function sealJsonSecrets(
  next: TJsonObject,
  stored: TJsonObject,
  { key, mayKeep }: SealOptions,
): TJsonObject {
  const previous = storedLeaves(stored);
  return mapSecrets(next, false, (leaf, path) => {
    if (leaf === SECRET_MASK) {
      const kept = previous.get(path);
      if (kept && !mayKeep) throw carryOverError();
      return kept ?? '';
    }
    return leaf ? encryptSecret(leaf, key) : '';
  }) as TJsonObject;
}

/** A stored JSON object with every set secret replaced by the mask. */
export function maskJsonSecrets(stored: TJsonObject): TJsonObject {
  return mapSecrets(stored, false, (leaf) => (leaf ? SECRET_MASK : '')) as TJsonObject;
}

/** A stored JSON object with its secrets decrypted, ready to use for a call. */
export function openJsonSecrets(
  stored: TJsonObject,
  keys: Buffer | readonly Buffer[],
): TJsonObject {
  return mapSecrets(stored, false, (leaf) => decryptSecret(leaf, keys)) as TJsonObject;
}

/** Every non-empty secret value in an opened JSON object, for scrubbing logs. */
export function jsonSecretValues(opened: TJsonObject): string[] {
  return [...storedLeaves(opened).values()].filter(Boolean);
}

// Stored values hold encrypted secrets, several times longer than what was sent: only the
// depth is held to the input bound here.
const storedBounds = { maxDepth: MAX_JSON_DEPTH, maxBytes: Number.POSITIVE_INFINITY };

/**
 * Parses a stored JSON object column. Anything unreadable, not an object, or nested deeper than
 * any input may be (only a value saved before inputs were bounded can be) counts as `{}`, so no
 * read, list or call walks an unbounded value.
 */
export function parseStoredJson(text: string): TJsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      jsonBoundsProblem(value, storedBounds) === null
      ? (value as TJsonObject)
      : {};
  } catch {
    return {};
  }
}
