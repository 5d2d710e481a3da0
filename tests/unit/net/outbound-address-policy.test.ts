import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  createOutboundPolicy,
  hostAddress,
  refusalText,
  type AddressKind,
} from '../../../electron/backend/net/outbound-address-policy.js';

/*
 * The outbound rules: which addresses a link check (or any fetch of an address someone else
 * wrote) may connect to. Every range the rules name, its IPv6 spellings, and the numeric
 * spellings of hosts that the URL parser turns into an address.
 */

const kind = (address: string): AddressKind => classifyAddress(address).kind;

describe('classifying addresses', () => {
  it.each<[string, AddressKind]>([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud-metadata'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.5', 'reserved'],
  ])('IPv4 %s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it.each<[string, AddressKind]>([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped and -translated forms are judged as the IPv4 address they carry.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud-metadata'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    // IPv4-compatible (deprecated ::/96) and other unassigned space outside 2000::/3.
    ['::127.0.0.1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('IPv6 %s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it('calls public internet addresses public', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81c::200e']) {
      expect(kind(address), address).toBe('public');
    }
  });

  it('gives addresses in canonical form and refuses to guess at names', () => {
    expect(classifyAddress('::FFFF:127.0.0.1').address).toBe('::ffff:7f00:1');
    expect(classifyAddress('[0:0:0:0:0:0:0:1]').address).toBe('::1');
    expect(() => classifyAddress('localhost')).toThrow(/Not an IP address/);
    // Not canonical: the URL parser normalises these first (hostAddress), never ipaddr.js alone.
    expect(() => classifyAddress('0x7f000001')).toThrow(/Not an IP address/);
    expect(() => classifyAddress('127.1')).toThrow(/Not an IP address/);
  });
});

describe('hosts spelled as numbers', () => {
  it.each([
    ['0x7f000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1'],
  ])('%s is the address %s, and it is refused', (host, address) => {
    expect(hostAddress(host)).toBe(address);
    expect(createOutboundPolicy().check(address)).not.toBeNull();
  });

  it('leaves names to be resolved', () => {
    expect(hostAddress('localhost')).toBeNull();
    expect(hostAddress('example.com')).toBeNull();
    expect(hostAddress('127.0.0.1.nip.io')).toBeNull();
  });
});

describe('the policy', () => {
  it('refuses every address on this computer or its network by default, naming the rule', () => {
    const strict = createOutboundPolicy();
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.10', '169.254.0.5', '100.64.1.1', 'fc00::1', 'fe80::1', '::1', '::ffff:127.0.0.1']) {
      expect(strict.check(address), address).toMatchObject({ rule: 'own-network' });
    }
    for (const address of ['0.0.0.0', '::', '224.0.0.1', 'ff02::1', '255.255.255.255', '240.0.0.1', '2001:db8::1', '169.254.169.254']) {
      expect(strict.check(address), address).toMatchObject({ rule: 'never' });
    }
    expect(strict.check('8.8.8.8')).toBeNull();
    expect(strict.check('2606:4700:4700::1111')).toBeNull();
  });

  it('with "own network" on, lets the own network through, and still never multicast, reserved or the metadata service', () => {
    const intranet = createOutboundPolicy({ allowOwnNetwork: true });
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.0.5', '100.64.1.1', 'fd00::1', 'fe80::1', '::1', '::ffff:192.168.1.1']) {
      expect(intranet.check(address), address).toBeNull();
    }
    for (const address of ['0.0.0.0', '224.0.0.1', '240.0.0.1', '169.254.169.254', '::ffff:169.254.169.254', 'fd00:ec2::254']) {
      expect(intranet.check(address), address).toMatchObject({ rule: 'never' });
    }
  });

  it('permits exactly the addresses a test names, in any spelling, and nothing next to them', () => {
    const policy = createOutboundPolicy({ permit: ['127.0.0.1'] });
    expect(policy.check('127.0.0.1')).toBeNull();
    expect(policy.check('::ffff:127.0.0.1')).not.toBeNull();
    expect(policy.check('127.0.0.2')).toMatchObject({ kind: 'loopback', rule: 'own-network' });
  });

  it('says which rule stopped a check, in words', () => {
    const strict = createOutboundPolicy();
    expect(refusalText(strict.check('127.0.0.1')!)).toBe('Not checked — private address (127.0.0.1 is loopback)');
    expect(refusalText(strict.check('10.0.0.5')!, 'intranet.example')).toBe('Not checked — private address (intranet.example resolves to 10.0.0.5, in a private network range)');
    expect(refusalText(strict.check('::1')!, '[::1]')).toBe('Not checked — private address (::1 is loopback)');
    expect(refusalText(strict.check('240.0.0.1')!)).toBe('Not checked — not an internet address (240.0.0.1 is reserved)');
    expect(refusalText(strict.check('169.254.169.254')!)).toBe('Not checked — cloud metadata service (169.254.169.254 is the cloud metadata service)');
    expect(refusalText(strict.check('192.168.1.1')!, undefined, { redirect: true })).toBe('Not checked — redirects to a private address (192.168.1.1 is in a private network range)');
  });
});
