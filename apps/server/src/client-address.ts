import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/**
 * Which X-Forwarded-For entries to believe: none (false: the socket's peer is the client), all
 * (true: the first entry), or this many proxies in front of Flows (each appends one entry).
 */
export type TrustProxy = boolean | number;

/** The address requests made without a socket (`app.request()` in tests) count as. */
export const LOCAL_CLIENT = 'local';

/** An address as written in a header or by the socket, or null when it is not one. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let address = text.trim();
  // Some proxies write the port too: "203.0.113.7:4711", "[2001:db8::1]:4711".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, ''); // an IPv6 zone id names the interface, not the client
  return isIP(address) === 0 ? null : ipaddr.process(address);
}

/**
 * The key a client is counted by: an IPv4 address as it is; an IPv6 address by its /64, the
 * smallest block one subscriber gets, so walking through one's own block does not reset a limit.
 */
function countingKey(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === 'ipv4' || address.range() === 'loopback') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toRFC5952String()}/64`;
}

/** Counting keys of recent socket peers, so a connection's requests parse its address once. */
const peerKeys = new Map<string, string>();
const MAX_PEER_KEYS = 1024;

function peerKey(peer: string): string {
  let key = peerKeys.get(peer);
  if (key === undefined) {
    const address = parseAddress(peer);
    key = address ? countingKey(address) : peer;
    if (peerKeys.size >= MAX_PEER_KEYS) peerKeys.clear();
    peerKeys.set(peer, key);
  }
  return key;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The address of the client behind a request, as every per-address limit counts it: the socket's
 * peer, or with a trusted proxy the X-Forwarded-For entry it vouches for. Entries further out
 * than the trusted proxies could be written by anyone and are never used; an entry that is not
 * an address stops the walk at the last one that was.
 */
export function clientAddress(c: Context, trustProxy: TrustProxy): string {
  const peer = socketAddress(c);
  let client = peer ? peerKey(peer) : LOCAL_CLIENT;
  if (trustProxy === false || trustProxy === 0) return client;

  // Nearest first: the last entry was written by the proxy that talked to us.
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const hops = trustProxy === true ? forwarded.length : Math.min(trustProxy, forwarded.length);
  for (const entry of forwarded.slice(0, hops)) {
    const address = parseAddress(entry);
    if (!address) break;
    client = countingKey(address);
  }
  return client;
}
