import { describe, expect, it } from 'vitest';
import { SecretCarryOverError } from './sealing';
import { hasUrlSecrets, maskUrlSecrets, restoreUrlSecrets, urlSecrets } from './url-secrets';

describe('credentials in webhook addresses', () => {
  it.each([
    ['https://hooks.example.com/x?token=abc', 'https://hooks.example.com/x?token=********'],
    [
      'https://h.example/x?key=1&sig=2&signature=3&password=4&apikey=5&api_key=6&secret=7&page=2',
      'https://h.example/x?key=********&sig=********&signature=********&password=********&apikey=********&api_key=********&secret=********&page=2',
    ],
    ['https://user:pw@h.example/hook', 'https://user:********@h.example/hook'],
    ['https://sk_live_123@h.example/hook', 'https://********@h.example/hook'],
    ['https://sk_live_123:@h.example/hook', 'https://********:@h.example/hook'],
    [
      'https://h.example/x?Token=a%20b&token=c#frag',
      'https://h.example/x?Token=********&token=********#frag',
    ],
    ['https://h.example/x?flag&token=&name=v', 'https://h.example/x?flag&token=&name=v'],
  ])('masks %s', (url, masked) => {
    expect(maskUrlSecrets(url)).toBe(masked);
    expect(hasUrlSecrets(url)).toBe(masked !== url);
  });

  it.each([
    [
      'https://hooks.slack.com/services/T0001/B0002/s3cretSlackToken',
      'https://hooks.slack.com/services/T0001/B0002/********',
      's3cretSlackToken',
    ],
    [
      'https://discord.com/api/webhooks/1234/disc-Token_1?wait=true',
      'https://discord.com/api/webhooks/1234/********?wait=true',
      'disc-Token_1',
    ],
    [
      'https://ptb.discordapp.com/api/v10/webhooks/1234/discToken',
      'https://ptb.discordapp.com/api/v10/webhooks/1234/********',
      'discToken',
    ],
    [
      'https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c0ffee/d00d',
      'https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/********/d00d',
      'c0ffee',
    ],
    [
      'https://hooks.zapier.com/hooks/catch/123456/abcdefg/',
      'https://hooks.zapier.com/hooks/catch/123456/********/',
      'abcdefg',
    ],
    ['https://hook.eu1.make.com/makeHookId', 'https://hook.eu1.make.com/********', 'makeHookId'],
    [
      'https://api.telegram.org/bot123456:ABC-def/sendMessage',
      'https://api.telegram.org/bot********/sendMessage',
      '123456:ABC-def',
    ],
  ])("masks the service's secret in the path of %s", (url, masked, secret) => {
    expect(maskUrlSecrets(url)).toBe(masked);
    expect(hasUrlSecrets(url)).toBe(true);
    expect(urlSecrets(new URL(url))).toEqual([secret]);
    // The masked address sent back keeps the stored secret; a new one replaces it.
    expect(restoreUrlSecrets(masked, () => url, { mayKeep: true })).toBe(url);
  });

  it('leaves addresses without credentials exactly as written', () => {
    for (const url of [
      'https://hooks.example.com/services/a/b/c',
      'https://hooks.slack.com/services/T0001',
      'https://api.telegram.org/getUpdates',
      'http://127.0.0.1:8080/x?a=1&b=%20',
      'https://h.example/?q=token',
    ]) {
      expect(maskUrlSecrets(url)).toBe(url);
      expect(hasUrlSecrets(url)).toBe(false);
    }
  });

  it('restores masked credentials from the stored address, place by place', () => {
    const stored = 'https://u:pw@h.example/x?token=t1&token=t2&name=a';
    const next = 'https://u:********@h.example/y?token=********&token=new&name=b';
    expect(restoreUrlSecrets(next, () => stored, { mayKeep: true })).toBe(
      'https://u:pw@h.example/y?token=t1&token=new&name=b',
    );
    // A URL-encoded mask counts as the mask.
    expect(
      restoreUrlSecrets('https://h.example/x?token=%2A%2A%2A%2A%2A%2A%2A%2A', () => stored, {
        mayKeep: true,
      }),
    ).toBe('https://h.example/x?token=t1');
    // Without masks the stored address is not even read.
    expect(
      restoreUrlSecrets(
        'https://h.example/x?token=fresh',
        () => {
          throw new Error('not needed');
        },
        { mayKeep: false },
      ),
    ).toBe('https://h.example/x?token=fresh');
  });

  it('refuses to carry stored credentials to another host', () => {
    expect(() =>
      restoreUrlSecrets(
        'https://other.example/x?token=********',
        () => 'https://h.example/x?token=t1',
        {
          mayKeep: false,
        },
      ),
    ).toThrow(SecretCarryOverError);
  });
});
