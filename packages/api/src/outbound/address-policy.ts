import ipaddr from 'ipaddr.js';

/** Which network addresses outbound calls may reach. */
export type AddressPolicy = {
  /** Allow private, loopback, link-local and similar addresses (cloud metadata stays refused). */
  allowPrivate: boolean;
  /** Exact addresses allowed even when private ones are not (an operator's exceptions). */
  allowedAddresses?: readonly string[];
};

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const cidrs = <T extends IPv4 | IPv6>(list: readonly string[]) =>
  list.map((cidr) => ipaddr.parseCIDR(cidr) as [T, number]);

/**
 * Special-purpose ranges of the IANA registries that ipaddr.js does not name (yet): they are
 * refused as well. ipaddr.js covers the rest of both registries (see isPrivateAddress).
 */
const extraSpecialV6 = cidrs<IPv6>([
  '::/96', // deprecated IPv4-compatible addresses (RFC 4291)
  '100:0:0:1::/64', // dummy IPv6 prefix (RFC 9780)
]);

/** NAT64's well-known prefix: the packets reach the IPv4 address it carries (RFC 6052). */
const nat64WellKnown = ipaddr.parseCIDR('64:ff9b::/96') as [IPv6, number];

/** Cloud metadata services: refused even when private targets are allowed. */
const metadataAddresses = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.253',
  '100.100.100.200',
  'fd00:ec2::254',
].map((address) => ipaddr.parse(address));

/** An address parsed, zone id dropped; null when it is not an IP address at all. */
function parsed(address: string): IPv4 | IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  // Only the standard spellings: DNS and URL parsing hand over canonical addresses.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (bare.includes(':') && ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/**
 * The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, IPv4-translated,
 * NAT64, 6to4, Teredo's server), which is what its packets may really reach; null when none.
 */
function embeddedIPv4(address: IPv6): IPv4 | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = address.parts;
  const v4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroHead && g4 === 0 && (g5 === 0xffff || g5 === 0)) return v4(g6, g7);
  if (zeroHead && g4 === 0xffff && g5 === 0) return v4(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b) return v4(g6, g7);
  if (g0 === 0x2002) return v4(g1 ?? 0, g2 ?? 0);
  if (g0 === 0x2001 && g1 === 0) return v4(g2 ?? 0, g3 ?? 0);
  return null;
}

const sameAddress = (a: IPv4 | IPv6, b: IPv4 | IPv6) =>
  a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();

/** Whether an address is a cloud metadata service (directly or inside an IPv6 address). */
export function isMetadataAddress(address: string): boolean {
  const ip = parsed(address);
  if (!ip) return false;
  const carried = ip.kind() === 'ipv6' ? embeddedIPv4(ip as IPv6) : null;
  return metadataAddresses.some(
    (metadata) => sameAddress(metadata, ip) || (carried !== null && sameAddress(metadata, carried)),
  );
}

/**
 * Whether an address is anything but a global unicast address: private, loopback, link-local,
 * CGNAT, multicast, broadcast, documentation, benchmarking, reserved, or any other range of the
 * IANA IPv4 and IPv6 special-purpose registries (IPv4-mapped, 64:ff9b:1::/48, Teredo, 6to4,
 * ORCHID, AS112, AMT, SRv6...). An address of NAT64's well-known prefix 64:ff9b::/96 counts as
 * the IPv4 address it carries, so IPv6-only hosts behind DNS64 can still reach public servers.
 * Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = parsed(address);
  if (!ip) return true;
  if (ip.kind() === 'ipv4') return (ip as IPv4).range() !== 'unicast';
  const v6 = ip as IPv6;
  if (v6.match(nat64WellKnown)) return isPrivateAddress(embeddedIPv4(v6)!.toString());
  if (v6.range() !== 'unicast') return true;
  return extraSpecialV6.some((range) => v6.match(range));
}

/** Whether the policy lets a call reach `address`. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (isMetadataAddress(address)) return false;
  if (policy.allowPrivate) return true;
  const ip = parsed(address);
  if (ip && policy.allowedAddresses?.some((allowed) => sameOrNull(parsed(allowed), ip))) {
    return true;
  }
  return !isPrivateAddress(address);
}

const sameOrNull = (allowed: IPv4 | IPv6 | null, ip: IPv4 | IPv6) =>
  allowed !== null && sameAddress(allowed, ip);
