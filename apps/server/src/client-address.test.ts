import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, type TrustProxy } from './client-address';

/** The address `clientAddress` finds for a request from `peer` carrying `forwardedFor`. */
async function addressOf(peer: string | undefined, forwardedFor: string | null, trust: TrustProxy) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trust)));
  // @hono/node-server hands the socket over as `incoming`; app.request takes it as the env.
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const response = await app.request('/', { headers }, env);
  return response.text();
}

describe('clientAddress', () => {
  it("is the socket's peer, whatever X-Forwarded-For claims, without a trusted proxy", async () => {
    expect(await addressOf('192.0.2.7', '203.0.113.9', false)).toBe('192.0.2.7');
    expect(await addressOf('192.0.2.7', '203.0.113.9', 0)).toBe('192.0.2.7');
  });

  it('counts requests without a socket as one local client', async () => {
    expect(await addressOf(undefined, null, false)).toBe('local');
  });

  it('takes the entry the trusted proxies vouch for, and no further', async () => {
    const chain = '203.0.113.1, 198.51.100.2, 192.0.2.3';
    expect(await addressOf('10.0.0.1', chain, 1)).toBe('192.0.2.3');
    expect(await addressOf('10.0.0.1', chain, 2)).toBe('198.51.100.2');
    expect(await addressOf('10.0.0.1', chain, 5)).toBe('203.0.113.1');
    expect(await addressOf('10.0.0.1', chain, true)).toBe('203.0.113.1');
    // A proxy that forwarded no header: the proxy's peer is all there is.
    expect(await addressOf('10.0.0.1', null, 1)).toBe('10.0.0.1');
  });

  it('stops at an entry that is not an address', async () => {
    expect(await addressOf('10.0.0.1', '203.0.113.1, garbage, 192.0.2.3', true)).toBe('192.0.2.3');
    expect(await addressOf('10.0.0.1', 'unknown', 1)).toBe('10.0.0.1');
  });

  it('reads ports, brackets and IPv4-mapped IPv6 addresses', async () => {
    expect(await addressOf('10.0.0.1', '192.0.2.3:4711', 1)).toBe('192.0.2.3');
    expect(await addressOf('::ffff:192.0.2.8', null, false)).toBe('192.0.2.8');
    expect(await addressOf('10.0.0.1', '[::ffff:192.0.2.9]:80', 1)).toBe('192.0.2.9');
  });

  it('counts an IPv6 client by its /64, so it cannot walk its own block', async () => {
    expect(await addressOf('2001:db8:1:2:aaaa::1', null, false)).toBe('2001:db8:1:2::/64');
    expect(await addressOf('10.0.0.1', '2001:db8:1:2:bbbb::2', 1)).toBe('2001:db8:1:2::/64');
    expect(await addressOf('::1', null, false)).toBe('::1');
  });
});
