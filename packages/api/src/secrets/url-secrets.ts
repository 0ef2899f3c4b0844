import { SECRET_MASK } from '../contracts/integrations';
import { carryOverError, isSecretName } from './sealing';

const secretQueryName =
  /token|key|secret|pass|signature|^sig$|^auth$|authorization|credential|^code$/i;

/** Whether a query parameter's name says its value is a credential (token, key, sig...). */
export const isSecretQueryName = (name: string) => secretQueryName.test(name) || isSecretName(name);

/** The secret values an address carries: its password and secret-looking query values. */
export function urlSecrets(url: URL): string[] {
  const values = [...url.searchParams].filter(([name]) => isSecretQueryName(name));
  return [decodeURIComponent(url.password), ...values.map(([, value]) => value)].filter(Boolean);
}

/**
 * The parts of an address that carry credentials: the password of its userinfo (or the user
 * name when it stands alone, as tokens often do) and secret-looking query values (token, key,
 * secret, signature, sig, password, apikey...). Everything is kept exactly as written, so a
 * masked address differs from the real one only where a secret was.
 */
type UrlParts = {
  /** Scheme and '//' */
  scheme: string;
  user: string;
  /** null when the userinfo has no ':' */
  password: string | null;
  /** Host, port and path. */
  rest: string;
  /** The query's pieces without '?', or null without a query. */
  query: string[] | null;
  /** '#...' or '' */
  hash: string;
};

function split(url: string): UrlParts | null {
  const match = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!match) return null;
  const [, scheme = '', authority = '', path = '', search, hash = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? null : authority.slice(0, at);
  const colon = userinfo?.indexOf(':') ?? -1;
  return {
    scheme,
    user: userinfo === null ? '' : colon === -1 ? userinfo : userinfo.slice(0, colon),
    password: userinfo === null || colon === -1 ? null : userinfo.slice(colon + 1),
    rest: `${at === -1 ? authority : authority.slice(at + 1)}${path}`,
    query: search === undefined ? null : search.slice(1).split('&'),
    hash,
  };
}

function join(parts: UrlParts): string {
  const userinfo =
    parts.password !== null
      ? `${parts.user}:${parts.password}@`
      : parts.user
        ? `${parts.user}@`
        : '';
  const query = parts.query === null ? '' : `?${parts.query.join('&')}`;
  return `${parts.scheme}${userinfo}${parts.rest}${query}${parts.hash}`;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** A query piece's name, decoded, and its value as written (null for a bare `name`). */
function queryEntry(piece: string): { name: string; value: string | null } {
  const equals = piece.indexOf('=');
  if (equals === -1) return { name: decoded(piece), value: null };
  return { name: decoded(piece.slice(0, equals)), value: piece.slice(equals + 1) };
}

const isMask = (value: string) => decoded(value) === SECRET_MASK;

/** Where a secret sits in an address: `user`, `password`, or the n-th query value of a name. */
type SecretPlace = { kind: 'user' | 'password' } | { kind: 'query'; name: string; nth: number };

/** Calls `visit` on every secret part of the address; its return value replaces the part. */
function mapUrlSecrets(
  url: string,
  visit: (value: string, place: SecretPlace) => string,
): { url: string; found: boolean } {
  const parts = split(url);
  if (!parts) return { url, found: false };
  let found = false;
  if (parts.password) {
    found = true;
    parts.password = visit(parts.password, { kind: 'password' });
  } else if (parts.user) {
    found = true;
    parts.user = visit(parts.user, { kind: 'user' });
  }
  if (parts.query) {
    const seen = new Map<string, number>();
    parts.query = parts.query.map((piece) => {
      const { name, value } = queryEntry(piece);
      if (!value || !isSecretQueryName(name)) return piece;
      const nth = seen.get(name) ?? 0;
      seen.set(name, nth + 1);
      found = true;
      const rawName = piece.slice(0, piece.indexOf('='));
      return `${rawName}=${visit(value, { kind: 'query', name, nth })}`;
    });
  }
  return { url: join(parts), found };
}

/** Whether an address carries credentials (userinfo, secret-looking query values). */
export function hasUrlSecrets(url: string): boolean {
  return mapUrlSecrets(url, (value) => value).found;
}

/** The address as answers show it: each credential replaced by the mask ('********'). */
export function maskUrlSecrets(url: string): string {
  return mapUrlSecrets(url, () => SECRET_MASK).url;
}

/** The credentials of an address by place, for restoring masked ones. */
function secretsByPlace(url: string): Map<string, string> {
  const values = new Map<string, string>();
  mapUrlSecrets(url, (value, place) => {
    values.set(placeKey(place), value);
    return value;
  });
  return values;
}

const placeKey = (place: SecretPlace) =>
  place.kind === 'query' ? `query:${place.nth}:${place.name}` : place.kind;

/**
 * The real address behind an address a client sent back: every masked credential takes the
 * stored value at the same place (a masked value with nothing stored there stays as written).
 * `mayKeep` false (the address moved to another host) refuses to carry stored values over.
 */
export function restoreUrlSecrets(
  next: string,
  stored: () => string,
  { mayKeep }: { mayKeep: boolean },
): string {
  let previous: Map<string, string> | undefined;
  return mapUrlSecrets(next, (value, place) => {
    if (!isMask(value)) return value;
    previous ??= secretsByPlace(stored());
    const kept = previous.get(placeKey(place));
    if (kept === undefined || isMask(kept)) return value;
    if (!mayKeep) throw carryOverError();
    return kept;
  }).url;
}
