import { describe, expect, it } from 'vitest';
import { addressAllowed, isMetadataAddress, isPrivateAddress } from './address-policy';

/**
 * Every entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries (plus multicast and
 * the deprecated ranges), each as its first address and one inside it. None may be called unless
 * the operator allows private targets.
 */
const ianaSpecialPurpose: [range: string, addresses: string[]][] = [
  // IPv4 Special-Purpose Address Registry
  ['0.0.0.0/8', ['0.0.0.0', '0.1.2.3']],
  ['10.0.0.0/8', ['10.0.0.0', '10.255.1.2']],
  ['100.64.0.0/10', ['100.64.0.0', '100.127.255.254']],
  ['127.0.0.0/8', ['127.0.0.1', '127.255.0.9']],
  ['169.254.0.0/16', ['169.254.0.0', '169.254.10.20']],
  ['172.16.0.0/12', ['172.16.0.1', '172.31.255.254']],
  ['192.0.0.0/24', ['192.0.0.0', '192.0.0.8', '192.0.0.9', '192.0.0.10', '192.0.0.170']],
  ['192.0.2.0/24', ['192.0.2.0', '192.0.2.200']],
  ['192.31.196.0/24', ['192.31.196.0', '192.31.196.7']],
  ['192.52.193.0/24', ['192.52.193.0', '192.52.193.7']],
  ['192.88.99.0/24', ['192.88.99.0', '192.88.99.1']],
  ['192.168.0.0/16', ['192.168.0.0', '192.168.1.1']],
  ['192.175.48.0/24', ['192.175.48.0', '192.175.48.6']],
  ['198.18.0.0/15', ['198.18.0.0', '198.19.255.1']],
  ['198.51.100.0/24', ['198.51.100.0', '198.51.100.5']],
  ['203.0.113.0/24', ['203.0.113.0', '203.0.113.9']],
  ['240.0.0.0/4', ['240.0.0.1', '254.1.2.3']],
  ['255.255.255.255/32', ['255.255.255.255']],
  ['224.0.0.0/4 (multicast)', ['224.0.0.1', '239.255.255.250']],
  // IPv6 Special-Purpose Address Registry
  ['::1/128', ['::1']],
  ['::/128', ['::']],
  ['::ffff:0:0/96', ['::ffff:0:0', '::ffff:8.8.8.8', '::ffff:127.0.0.1', '::ffff:7f00:1']],
  ['64:ff9b:1::/48', ['64:ff9b:1::', '64:ff9b:1::808:808']],
  ['100::/64', ['100::', '100::1']],
  ['100:0:0:1::/64', ['100:0:0:1::', '100:0:0:1::7']],
  ['2001::/23', ['2001::', '2001:1::1', '2001:1::2', '2001:1::3', '2001:1ff::1']],
  ['2001::/32 (Teredo)', ['2001:0:4136:e378:8000:63bf:3fff:fdd2']],
  ['2001:2::/48', ['2001:2::', '2001:2:0:ffff::1']],
  ['2001:3::/32', ['2001:3::', '2001:3:ffff::1']],
  ['2001:4:112::/48', ['2001:4:112::', '2001:4:112::53']],
  ['2001:10::/28', ['2001:10::', '2001:1f::1']],
  ['2001:20::/28', ['2001:20::', '2001:2f::1']],
  ['2001:30::/28', ['2001:30::', '2001:3f::1']],
  ['2001:db8::/32', ['2001:db8::', '2001:db8:1::1']],
  ['2002::/16', ['2002::', '2002:808:808::1', '2002:7f00:1::']],
  ['2620:4f:8000::/48', ['2620:4f:8000::', '2620:4f:8000::53']],
  ['3fff::/20', ['3fff::', '3fff:fff::1']],
  ['5f00::/16', ['5f00::', '5f00:1::1']],
  ['fc00::/7', ['fc00::1', 'fd00:ec2::254', 'fdff::1']],
  ['fe80::/10', ['fe80::1', 'febf::1', 'fe80::1%eth0']],
  // Multicast, deprecated site-local and IPv4-compatible addresses
  ['ff00::/8', ['ff02::1', 'ff0e::1']],
  ['fec0::/10', ['fec0::1']],
  ['::/96', ['::7f00:1', '::808:808']],
  // NAT64's well-known prefix carrying a non-public IPv4 address
  ['64:ff9b::/96 + private IPv4', ['64:ff9b::a00:1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe']],
];

describe('outbound address policy', () => {
  it.each(ianaSpecialPurpose)('refuses %s', (_range, addresses) => {
    for (const address of addresses) {
      expect(isPrivateAddress(address), address).toBe(true);
      expect(addressAllowed(address, { allowPrivate: false }), address).toBe(false);
    }
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '192.0.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:200::1',
    '64:ff9b::808:808',
  ])('lets %s be called', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
    expect(addressAllowed(address, { allowPrivate: false })).toBe(true);
  });

  it('counts anything that is not an IP address as private', () => {
    for (const text of ['', 'localhost', '1.2.3', '0x7f.1', '999.1.1.1', 'fe80::zz']) {
      expect(isPrivateAddress(text), text).toBe(true);
    }
  });

  it('lets private ranges through only with ALLOW_PRIVATE_TARGETS or as named exceptions', () => {
    expect(addressAllowed('10.1.2.3', { allowPrivate: true })).toBe(true);
    expect(addressAllowed('2001:db8::1', { allowPrivate: true })).toBe(true);
    const exception = { allowPrivate: false, allowedAddresses: ['::1', '127.0.0.1'] };
    expect(addressAllowed('0:0:0:0:0:0:0:1', exception)).toBe(true);
    expect(addressAllowed('127.0.0.1', exception)).toBe(true);
    expect(addressAllowed('127.0.0.2', exception)).toBe(false);
  });

  it('refuses cloud metadata in any spelling, even with private targets allowed', () => {
    for (const address of [
      '169.254.169.254',
      'fd00:ec2:0::254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '100.100.100.200',
    ]) {
      expect(isMetadataAddress(address), address).toBe(true);
      expect(addressAllowed(address, { allowPrivate: true }), address).toBe(false);
    }
    expect(isMetadataAddress('169.254.1.1')).toBe(false);
  });
});
