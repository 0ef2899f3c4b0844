import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isMetadataAddress, isPrivateAddress } from './address-policy';
import { guardedFetch, OutboundError, type Resolver } from './client';
import { startTestTarget } from './test-target';

let target: Awaited<ReturnType<typeof startTestTarget>>;
beforeAll(async () => {
  target = await startTestTarget();
});
afterAll(() => target.close());
beforeEach(() => {
  target.received.length = 0;
});

const open = { timeoutMs: 5000, allowPrivate: true };
/** Private targets refused, except the test server's own address. */
const guarded = { timeoutMs: 5000, allowPrivate: false, allowedAddresses: ['127.0.0.1'] };

/** A resolver answering from a fixed table, as DNS would. */
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('%s is private or internal', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '100.128.0.1', '2606:4700::1111', '64:ff9b::808:808'])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  it('knows the cloud metadata addresses, in any spelling', () => {
    expect(isMetadataAddress('169.254.169.254')).toBe(true);
    expect(isMetadataAddress('fd00:ec2:0::254')).toBe(true);
    expect(isMetadataAddress('::ffff:169.254.169.254')).toBe(true);
    expect(isMetadataAddress('169.254.1.1')).toBe(false);
  });
});

describe('guardedFetch refuses internal targets', () => {
  it.each([
    ['http://127.0.0.1:1/', '127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://[::1]:1/', '::1'],
    ['http://[::ffff:127.0.0.1]:1/', '::ffff:7f00:1'],
    ['http://0x7f.1:1/', '127.0.0.1'],
    ['http://10.0.0.1/', '10.0.0.1'],
  ])('%s by default', async (url, shown) => {
    const error = await failure(guardedFetch(url, {}, { timeoutMs: 2000, allowPrivate: false }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(`Refused to call a private or internal address (${shown})`);
  });

  it('refuses a host name once it resolves to a private address (localhost)', async () => {
    const error = await failure(
      guardedFetch(
        `http://localhost:${target.port}/echo`,
        {},
        { timeoutMs: 2000, allowPrivate: false },
      ),
    );
    expect(error.kind).toBe('refused');
    // The host as written, never the address it resolved to.
    expect(error.message).toBe('Refused to call a private or internal address (localhost)');
    expect(target.received).toHaveLength(0);
  });

  it('checks every address a name resolves to, not just the first', async () => {
    const resolve = resolverOf({ 'mixed.test': ['127.0.0.1', '10.9.8.7'] });
    const error = await failure(
      guardedFetch(`http://mixed.test:${target.port}/echo`, {}, { ...guarded, resolve }),
    );
    expect(error.message).toBe('Refused to call a private or internal address (mixed.test)');
    expect(error.message).not.toContain('10.9.8.7');
    expect(target.received).toHaveLength(0);
  });

  it('refuses cloud metadata even when private targets are allowed', async () => {
    const error = await failure(guardedFetch('http://169.254.169.254/', {}, open));
    expect(error.kind).toBe('refused');
  });

  it('reaches the same server when it is allowed', async () => {
    const resolve = resolverOf({ 'public.test': ['127.0.0.1'] });
    const answer = await guardedFetch(
      `http://public.test:${target.port}/text`,
      {},
      {
        ...guarded,
        resolve,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('plain text answer');
  });

  it('refuses a redirect to an internal address, checking every hop', async () => {
    const toMetadata = target.url(
      `/to?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    );
    const direct = await failure(guardedFetch(toMetadata, {}, guarded));
    expect(direct.message).toBe('Refused to call a private or internal address (169.254.169.254)');

    const resolve = resolverOf({ 'public.test': ['127.0.0.1'], 'internal.test': ['10.0.0.7'] });
    const hop = `http://internal.test:${target.port}/echo`;
    const viaName = await failure(
      guardedFetch(
        `http://public.test:${target.port}/to?url=${encodeURIComponent(hop)}`,
        {},
        { ...guarded, resolve },
      ),
    );
    expect(viaName.message).toBe('Refused to call a private or internal address (internal.test)');
    expect(viaName.message).not.toContain('10.0.0.7');
    expect(target.received.map((request) => request.url)).not.toContain('/echo');
  });

  it('explains a name that does not resolve', async () => {
    const error = await failure(
      guardedFetch('http://example.invalid/', {}, { ...open, resolve: resolverOf({}) }),
    );
    expect(error.kind).toBe('dns');
    expect(error.message).toBe('Could not resolve host example.invalid');
  });

  it('calls only http and https', async () => {
    const error = await failure(guardedFetch('file:///etc/passwd', {}, open));
    expect(error.kind).toBe('invalid_url');
  });
});

describe('guardedFetch limits', () => {
  it('times out the whole call, waiting for headers', async () => {
    const started = Date.now();
    const error = await failure(
      guardedFetch(target.url('/slow?ms=3000'), {}, { ...open, timeoutMs: 200 }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Request timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('times out a body that trickles in', async () => {
    const error = await failure(
      guardedFetch(target.url('/slow-body'), {}, { ...open, timeoutMs: 300 }),
    );
    expect(error.message).toBe('Request timed out after 300 ms');
  });

  it('stops at the size cap, whether the length is declared or streamed', async () => {
    const options = { ...open, maxBytes: 1024 * 1024 };
    const declared = await failure(
      guardedFetch(target.url('/bytes?size=2000000&declared=1'), {}, options),
    );
    expect(declared.kind).toBe('too_large');
    expect(declared.message).toBe('Response is larger than 1 MB');
    const streamed = await failure(guardedFetch(target.url('/bytes?size=2000000'), {}, options));
    expect(streamed.message).toBe('Response is larger than 1 MB');
    const fits = await guardedFetch(target.url('/bytes?size=1048576'), {}, options);
    expect(fits.body).toHaveLength(1024 * 1024);
  });

  it('follows five redirects and refuses the sixth', async () => {
    const five = await guardedFetch(target.url('/hops/4'), {}, open);
    expect(five.status).toBe(200);
    expect(five.url).toBe(target.url('/echo'));
    const six = await failure(guardedFetch(target.url('/hops/5'), {}, open));
    expect(six.kind).toBe('too_many_redirects');
    expect(six.message).toBe('Too many redirects');
  });

  it('drops credentials when a redirect leaves the origin, and keeps them within it', async () => {
    const resolve = resolverOf({ 'other.test': ['127.0.0.1'] });
    const headers = { Authorization: 'Bearer abc', 'X-Api-Key': 'k', 'X-Plain': 'p' };
    const elsewhere = `http://other.test:${target.port}/echo`;
    await guardedFetch(
      target.url(`/to?url=${encodeURIComponent(elsewhere)}`),
      { headers },
      { ...open, resolve, sensitiveHeaders: ['X-Api-Key'] },
    );
    const crossed = target.received.at(-1)!;
    expect(crossed.headers.authorization).toBeUndefined();
    expect(crossed.headers['x-api-key']).toBeUndefined();
    expect(crossed.headers['x-plain']).toBe('p');

    await guardedFetch(target.url('/to?url=/echo'), { headers }, open);
    expect(target.received.at(-1)!.headers.authorization).toBe('Bearer abc');
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const post = {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    };
    await guardedFetch(target.url('/to?status=303&url=/echo'), post, open);
    const seeOther = target.received.at(-1)!;
    expect([seeOther.method, seeOther.body]).toEqual(['GET', '']);
    await guardedFetch(target.url('/to?status=307&url=/echo'), post, open);
    const temporary = target.received.at(-1)!;
    expect([temporary.method, temporary.body]).toEqual(['POST', '{"a":1}']);
  });
});
