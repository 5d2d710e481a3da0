import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../electron/service/links/password.js';
import { stripPort } from '../../../electron/service/redirect/domain-resolver.js';
import { readCountry, ReferrerHosts, referrerHost } from '../../../electron/service/redirect/link-visit.js';
import { checkPassword } from '../../../electron/service/redirect/password-check.js';
import { VisitorHashes, visitorHash } from '../../../electron/service/redirect/visitor.js';

describe('checkPassword (async, the links helper\'s format)', () => {
  it('accepts the password hashPassword stored and refuses others', async () => {
    const stored = hashPassword('correct horse');
    expect(await checkPassword('correct horse', stored)).toBe(true);
    expect(await checkPassword('correct horse ', stored)).toBe(false);
    expect(await checkPassword('', stored)).toBe(false);
  });

  it('refuses malformed stored values without throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$zz$00', 'scrypt$00$abcd', 'bcrypt$00$' + '0'.repeat(64), 'scrypt$0$' + '0'.repeat(64)]) {
      expect(await checkPassword('x', stored)).toBe(false);
    }
  });
});

describe('stripPort', () => {
  it('drops a port from names, IPv4 and bracketed IPv6 hosts', () => {
    expect(stripPort('go.example.com:8080')).toBe('go.example.com');
    expect(stripPort('go.example.com')).toBe('go.example.com');
    expect(stripPort('127.0.0.1:80')).toBe('127.0.0.1');
    expect(stripPort('[::1]:8080')).toBe('[::1]');
    expect(stripPort('[::1]')).toBe('[::1]');
  });
});

describe('readCountry', () => {
  it('keeps ISO alpha-2 codes (upper case) and drops anything else', () => {
    expect(readCountry('de')).toBe('DE');
    expect(readCountry('US')).toBe('US');
    expect(readCountry(['FR', 'DE'])).toBe('FR');
    for (const bad of [undefined, '', 'XX', 'T1', 'USA', '<>', 'd3']) expect(readCountry(bad)).toBe('');
  });
});

describe('referrerHost', () => {
  it('keeps only the host of a Referer URL', () => {
    expect(referrerHost('https://WWW.Facebook.com/path?q=secret')).toBe('www.facebook.com');
    expect(referrerHost('android-app://com.slack/')).toBe('com.slack');
    expect(referrerHost('not a url')).toBe('');
    expect(referrerHost(undefined)).toBe('');
  });
});

describe('ReferrerHosts (the redirect path\'s referrerHost)', () => {
  it('gives what referrerHost gives, and keeps at most maxEntries values', () => {
    const hosts = new ReferrerHosts(50);
    for (const value of ['https://WWW.Facebook.com/path?q=secret', 'android-app://com.slack/', 'not a url', '', undefined]) {
      expect(hosts.get(value)).toBe(referrerHost(value));
      expect(hosts.get(value)).toBe(referrerHost(value));
    }
    for (let i = 0; i < 500; i++) {
      expect(hosts.get(`https://host${i}.example/page`)).toBe(`host${i}.example`);
      expect(hosts.size).toBeLessThanOrEqual(50);
    }
    const before = hosts.size;
    expect(hosts.get(`https://long.example/${'x'.repeat(600)}`)).toBe('long.example');
    expect(hosts.size).toBe(before);
  });
});

describe('visitorHash', () => {
  const day = Date.UTC(2026, 0, 10, 12);
  it('is stable within a UTC day and changes with the day, the address, the agent and the salt', () => {
    const h = visitorHash('salt', '203.0.113.9', 'UA', day);
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('salt', '203.0.113.9', 'UA', day + 60_000)).toBe(h);
    expect(visitorHash('salt', '203.0.113.9', 'UA', day + 24 * 3600_000)).not.toBe(h);
    expect(visitorHash('salt', '203.0.113.10', 'UA', day)).not.toBe(h);
    expect(visitorHash('salt', '203.0.113.9', 'UA2', day)).not.toBe(h);
    expect(visitorHash('other', '203.0.113.9', 'UA', day)).not.toBe(h);
    expect(h).not.toContain('203');
  });
});

describe('VisitorHashes (the redirect path\'s visitorHash)', () => {
  const day = Date.UTC(2026, 0, 10, 12);
  it('gives what visitorHash gives (the stored format: sha256 hex of the same input, 32 digits)', () => {
    const hashes = new VisitorHashes('salt');
    const expected = createHash('sha256').update(`salt\n203.0.113.9\nUA\n${Math.floor(day / 86_400_000)}`).digest('hex').slice(0, 32);
    expect(visitorHash('salt', '203.0.113.9', 'UA', day)).toBe(expected);
    expect(hashes.get('203.0.113.9', 'UA', day)).toBe(expected);
    expect(hashes.get('203.0.113.9', 'UA', day + 60_000)).toBe(expected);
    expect(hashes.get('203.0.113.9', 'UA2', day)).toBe(visitorHash('salt', '203.0.113.9', 'UA2', day));
    expect(hashes.get('203.0.113.10', 'UA', day)).toBe(visitorHash('salt', '203.0.113.10', 'UA', day));
  });

  it('gives a new hash on a new UTC day, and forgets the previous day', () => {
    const hashes = new VisitorHashes('salt');
    const today = hashes.get('203.0.113.9', 'UA', day);
    expect(hashes.entries).toBe(1);
    const tomorrow = hashes.get('203.0.113.9', 'UA', day + 86_400_000);
    expect(tomorrow).not.toBe(today);
    expect(tomorrow).toBe(visitorHash('salt', '203.0.113.9', 'UA', day + 86_400_000));
    expect(hashes.entries).toBe(1);
  });

  it('keeps at most maxEntries visitors, and no very long agent', () => {
    const hashes = new VisitorHashes('salt', 100);
    for (let i = 0; i < 1000; i++) {
      expect(hashes.get(`203.0.113.${i % 250}`, `UA ${i}`, day)).toBe(visitorHash('salt', `203.0.113.${i % 250}`, `UA ${i}`, day));
      expect(hashes.entries).toBeLessThanOrEqual(100);
    }
    const before = hashes.entries;
    hashes.get('203.0.113.1', 'x'.repeat(600), day);
    expect(hashes.entries).toBe(before);
  });
});

