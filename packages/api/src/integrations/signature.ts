import { createHmac, randomBytes } from 'node:crypto';
import { signingKeyBytes } from '../contracts/integrations';

/**
 * Standard Webhooks signature headers for one delivery: webhook-id, webhook-timestamp (seconds)
 * and webhook-signature (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret,
 * which is 'whsec_' + base64 of the key).
 */
export function standardWebhookHeaders(
  secret: string,
  body: string,
  now: Date = new Date(),
  id = `msg_${randomBytes(16).toString('base64url')}`,
): Record<string, string> {
  const key = signingKeyBytes(secret);
  if (!key) throw new Error('The signing secret is not a Standard Webhooks secret');
  const timestamp = Math.floor(now.getTime() / 1000);
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
