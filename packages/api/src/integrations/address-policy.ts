import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Which network addresses outbound calls may reach. */
export type AddressPolicy = {
  /** Allow private, loopback, link-local and similar addresses (cloud metadata stays refused). */
  allowPrivate: boolean;
  /** Exact addresses allowed even when private ones are not (an operator's exceptions). */
  allowedAddresses?: readonly string[];
};

const privateV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  privateV4.addSubnet(network, prefix, 'ipv4');
}

const privateV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  privateV6.addSubnet(network, prefix, 'ipv6');
}

/** Cloud metadata services: refused even when private targets are allowed. */
const metadataAddresses = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.253',
  '100.100.100.200',
  'fd00:ec2::254',
]);

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split('%')[0] ?? address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...Array(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ];
  return groups.map((group) => Number.parseInt(group, 16));
}

const v4FromGroups = (high: number, low: number) =>
  `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), which
 * is what the packets really reach; null when there is none.
 */
function embeddedIPv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return v4FromGroups(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4FromGroups(g6, g7);
  }
  if (g0 === 0x2002) return v4FromGroups(g1 ?? 0, g2 ?? 0);
  return null;
}

/** An address in a canonical form for comparison (IPv6 lower-case, fully expanded). */
function canonical(address: string): string {
  const groups = ipv6Groups(address);
  return groups ? groups.map((group) => group.toString(16)).join(':') : address;
}

const canonicalMetadata = new Set([...metadataAddresses].map(canonical));

/** Whether an address is a cloud metadata service (directly or inside an IPv6 address). */
export function isMetadataAddress(address: string): boolean {
  const groups = ipv6Groups(address);
  const v4 = groups ? embeddedIPv4(groups) : null;
  return canonicalMetadata.has(canonical(address)) || (v4 !== null && metadataAddresses.has(v4));
}

/**
 * Whether an address is private, loopback, link-local, CGNAT, multicast, reserved or
 * unspecified, for IPv4 and IPv6 (including IPv6 forms that carry such an IPv4 address).
 */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return privateV4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIPv4(groups);
  if (v4 !== null && privateV4.check(v4, 'ipv4')) return true;
  return privateV6.check(address.split('%')[0] ?? address, 'ipv6');
}

/** Whether the policy lets a call reach `address`. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (isMetadataAddress(address)) return false;
  if (policy.allowPrivate) return true;
  if (policy.allowedAddresses?.some((allowed) => canonical(allowed) === canonical(address))) {
    return true;
  }
  return !isPrivateAddress(address);
}
