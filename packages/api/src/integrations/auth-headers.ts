import type { TJsonObject } from '../contracts/integrations';

/** The request headers that carry an item's credentials, and which headers are secret. */
export type AuthHeaders = {
  headers: Record<string, string>;
  /** Header names dropped when a redirect leaves the origin. */
  sensitiveHeaders: string[];
};

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The first non-empty text among `names` in an auth configuration. */
const pick = (config: TJsonObject, ...names: string[]) =>
  names.map((name) => text(config[name])).find(Boolean) ?? '';

/** A webhook's credentials, decrypted. */
export type WebhookCredentials = {
  authType: string;
  authUser: string | null;
  authPassword: string | null;
  authToken: string | null;
};

/**
 * Authorization for a webhook: basic sends the username and password, bearer the token; custom
 * relies on the webhook's own headers (always sent) and none adds nothing.
 */
export function webhookAuthHeaders(credentials: WebhookCredentials): AuthHeaders {
  const { authType, authUser, authPassword, authToken } = credentials;
  if (authType === 'basic' && (authUser || authPassword)) {
    return {
      headers: { Authorization: basic(authUser ?? '', authPassword ?? '') },
      sensitiveHeaders: [],
    };
  }
  if (authType === 'bearer' && authToken) {
    return { headers: { Authorization: `Bearer ${authToken}` }, sensitiveHeaders: [] };
  }
  return { headers: {}, sensitiveHeaders: [] };
}

/**
 * Authorization for an API integration from its decrypted authConfig:
 * - basic: authUser (or username) and authPassword (or password);
 * - bearer: `Authorization: <tokenPrefix, default Bearer> <token>` (GitHub uses prefix 'token');
 * - apiKey: header tokenKey (default X-API-Key) set to token or apiKey, after tokenPrefix if set;
 * - oauth: `Authorization: Bearer <accessToken>`.
 */
export function integrationAuthHeaders(authType: string, config: TJsonObject): AuthHeaders {
  const prefix = text(config.tokenPrefix).trim();
  const withPrefix = (value: string, fallback: string) =>
    prefix || fallback ? `${prefix || fallback} ${value}` : value;
  switch (authType) {
    case 'basic': {
      const user = pick(config, 'authUser', 'username', 'user');
      const password = pick(config, 'authPassword', 'password');
      if (!user && !password) break;
      return { headers: { Authorization: basic(user, password) }, sensitiveHeaders: [] };
    }
    case 'bearer': {
      const token = pick(config, 'token', 'accessToken', 'apiKey');
      if (!token) break;
      return { headers: { Authorization: withPrefix(token, 'Bearer') }, sensitiveHeaders: [] };
    }
    case 'apiKey': {
      const token = pick(config, 'token', 'apiKey', 'key');
      if (!token) break;
      const name = text(config.tokenKey).trim() || 'X-API-Key';
      return { headers: { [name]: withPrefix(token, '') }, sensitiveHeaders: [name] };
    }
    case 'oauth': {
      const token = pick(config, 'accessToken', 'token');
      if (!token) break;
      return { headers: { Authorization: withPrefix(token, 'Bearer') }, sensitiveHeaders: [] };
    }
  }
  return { headers: {}, sensitiveHeaders: [] };
}
