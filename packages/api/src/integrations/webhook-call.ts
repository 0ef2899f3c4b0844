import { decryptSecret } from '../secrets/encryption';
import {
  isSecretName,
  jsonSecretValues,
  openJsonSecrets,
  parseStoredJson,
} from '../secrets/sealing';
import { webhookAuthHeaders } from './auth-headers';
import { mergeHeaders, type OutboundCall, USER_AGENT } from './call';
import { standardWebhookHeaders } from './signature';
import { storedUrl, type WebhookRow } from './webhook-store';

const flatValue = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/**
 * The outgoing request of a webhook execution: the payload as a JSON body (as query parameters
 * for a GET webhook), the webhook's headers, its credentials and, with a signing secret, the
 * Standard Webhooks signature headers.
 */
export function webhookCall(row: WebhookRow, payload: unknown, keys: Buffer[]): OutboundCall {
  const open = (value: string | null) => (value ? decryptSecret(value, keys) : null);
  const storedHeaders = openJsonSecrets(parseStoredJson(row.headers), keys) as Record<
    string,
    string
  >;
  const authPassword = open(row.authPassword);
  const authToken = open(row.authToken);
  const signingSecret = open(row.signingSecret);
  const auth = webhookAuthHeaders({
    authType: row.authType,
    authUser: row.authUser,
    authPassword,
    authToken,
  });

  const url = new URL(storedUrl(row, keys));
  // A lone user name in the address is its credential (https://TOKEN@host/): keep it out of logs.
  const urlUser = url.password ? '' : decodeURIComponent(url.username);
  let body: string | undefined;
  if (row.method === 'GET') {
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      for (const [name, value] of Object.entries(payload)) {
        if (value !== undefined && value !== null) url.searchParams.append(name, flatValue(value));
      }
    }
  } else {
    body = JSON.stringify(payload);
  }
  const signature = signingSecret ? standardWebhookHeaders(signingSecret, body ?? '') : {};
  const headers = mergeHeaders(
    { 'User-Agent': USER_AGENT },
    body === undefined ? {} : { 'Content-Type': 'application/json' },
    storedHeaders,
    auth.headers,
    signature,
  );
  const authValues = Object.values(auth.headers).flatMap((value) => [
    value,
    value.split(' ')[1] ?? '',
  ]);
  return {
    itemKind: 'webhook',
    itemId: row.id,
    method: row.method,
    url,
    headers,
    body,
    timeoutMs: 30_000,
    secrets: [
      authPassword,
      authToken,
      signingSecret,
      urlUser,
      ...jsonSecretValues(storedHeaders),
      ...authValues,
    ].filter((secret): secret is string => Boolean(secret)),
    sensitiveHeaders: Object.keys(storedHeaders).filter(isSecretName),
  };
}
