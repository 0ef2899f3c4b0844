import { SECRET_MASK } from '../contracts/integrations';
import { decryptSecret, encryptSecret } from './encryption';
import { carryOverError, isSecretName } from './sealing';

const secretQueryName =
  /token|key|secret|pass|signature|^sig$|^auth$|authorization|credential|^code$/i;

/** Whether a query parameter's name says its value is a credential (token, key, sig...). */
export const isSecretQueryName = (name: string) => secretQueryName.test(name) || isSecretName(name);

/**
 * Webhook addresses whose path is the credential (whoever knows it may post): for each service's
 * host, the path with the secret segment as its first group. Slack, Discord, Teams, Zapier, Make
 * and Telegram's bot token, as the webhook templates offer them.
 */
const PATH_SECRETS: readonly { host: RegExp; path: RegExp }[] = [
  { host: /^hooks\.slack\.com$/i, path: /^\/services\/[^/]+\/[^/]+\/([^/]+)/d },
  {
    host: /^(?:ptb\.|canary\.)?discord(?:app)?\.com$/i,
    path: /^\/api\/(?:v\d+\/)?webhooks\/[^/]+\/([^/]+)/d,
  },
  { host: /\.webhook\.office\.com$/i, path: /^\/webhookb2\/[^/]+\/IncomingWebhook\/([^/]+)/d },
  { host: /^hooks\.zapier\.com$/i, path: /^\/hooks\/catch\/[^/]+\/([^/]+)/d },
  { host: /^hook\.[\w-]+\.make\.com$/i, path: /^\/([^/]+)/d },
  { host: /^api\.telegram\.org$/i, path: /^\/(?:file\/)?bot([^/]+)/d },
];

/** Where the secret segment of a path stands, [start, end), for a service that keeps one there. */
function pathSecretSpan(host: string, path: string): [number, number] | null {
  const hostname = host.replace(/:\d*$/, '');
  const rule = PATH_SECRETS.find((candidate) => candidate.host.test(hostname));
  const span = rule?.path.exec(path)?.indices?.[1];
  return span && span[1] > span[0] ? span : null;
}

/** The secret values an address carries: its password, secret-looking query values, a path secret. */
export function urlSecrets(url: URL): string[] {
  const values = [...url.searchParams].filter(([name]) => isSecretQueryName(name));
  const span = pathSecretSpan(url.hostname, url.pathname);
  return [
    decodeURIComponent(url.password),
    ...values.map(([, value]) => value),
    span ? url.pathname.slice(...span) : '',
  ].filter(Boolean);
}

/**
 * The parts of an address that carry credentials: the password of its userinfo (or the user
 * name when it stands alone, as tokens often do), secret-looking query values (token, key,
 * secret, signature, sig, password, apikey...) and a service's path secret (PATH_SECRETS).
 * Everything is kept exactly as written, so a masked address differs from the real one only
 * where a secret was.
 */
type UrlParts = {
  /** Scheme and '//' */
  scheme: string;
  user: string;
  /** null when the userinfo has no ':' */
  password: string | null;
  /** Host and port. */
  host: string;
  path: string;
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
    host: at === -1 ? authority : authority.slice(at + 1),
    path,
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
  return `${parts.scheme}${userinfo}${parts.host}${parts.path}${query}${parts.hash}`;
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

/**
 * Where a secret sits in an address: `user`, `password`, the secret segment of the `path`, or
 * the n-th query value of a name.
 */
type SecretPlace =
  | { kind: 'user' | 'password' | 'path' }
  | { kind: 'query'; name: string; nth: number };

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
  const span = pathSecretSpan(parts.host, parts.path);
  if (span) {
    found = true;
    const [start, end] = span;
    const { path } = parts;
    parts.path = `${path.slice(0, start)}${visit(path.slice(start, end), { kind: 'path' })}${path.slice(end)}`;
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

/** Whether an address carries credentials (userinfo, secret-looking query values, a path secret). */
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

/**
 * An address as stored: with credentials, `masked` for its column (what answers show) and
 * `sealed`, the real address encrypted, beside it; without, the address and null.
 */
export function sealUrl(url: string, key: Buffer): { masked: string; sealed: string | null } {
  if (!hasUrlSecrets(url)) return { masked: url, sealed: null };
  return { masked: maskUrlSecrets(url), sealed: encryptSecret(url, key) };
}

/** The real address behind a stored one, credentials included. */
export function openUrl(
  masked: string,
  sealed: string | null,
  keys: Buffer | readonly Buffer[],
): string {
  return sealed ? decryptSecret(sealed, keys) : masked;
}

/**
 * How an edit leaves a stored address: the address sent (`next`), each masked credential in it
 * taking the stored one at the same place, sealed again; without one, the stored address sealed
 * if it was saved before addresses were sealed. Null when nothing changes.
 */
export function editedUrl(
  next: string | undefined,
  stored: { masked: string; sealed: string | null },
  { key, mayKeep }: { key: Buffer; mayKeep: boolean },
): { masked: string; sealed: string | null } | null {
  if (next !== undefined) {
    const real = restoreUrlSecrets(next, () => openUrl(stored.masked, stored.sealed, key), {
      mayKeep,
    });
    return sealUrl(real, key);
  }
  return !stored.sealed && hasUrlSecrets(stored.masked) ? sealUrl(stored.masked, key) : null;
}
