import { expect, it } from 'vitest';
import { standardWebhookHeaders } from './signature';

it('reproduces the Standard Webhooks reference test vector', () => {
  const headers = standardWebhookHeaders(
    'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    '{"test": 2432232314}',
    new Date(1614265330 * 1000),
    'msg_p5jXN8AQM9LWM0D4loKWxJek',
  );
  expect(headers).toEqual({
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  });
});

it('accepts the secret without its whsec_ prefix and gives each delivery its own id', () => {
  const a = standardWebhookHeaders('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '{}');
  const b = standardWebhookHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '{}');
  expect(a['webhook-id']).not.toBe(b['webhook-id']);
  expect(a['webhook-id']).toMatch(/^msg_/);
});
