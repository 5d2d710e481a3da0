import { describe, expect, it } from 'vitest';
import { AddressLimiter } from '../../../electron/service/address-limits.js';

describe('the limiter per client address', () => {
  it('allows perMinute requests a minute per address, then says how long to wait', () => {
    let now = 0;
    const limiter = new AddressLimiter({ perMinute: 2, now: () => now });
    expect([limiter.take('203.0.113.1'), limiter.take('203.0.113.1'), limiter.take('203.0.113.1')]).toEqual([0, 0, 60]);
    expect(limiter.take('203.0.113.2')).toBe(0);
    now = 59_500;
    expect(limiter.take('203.0.113.1')).toBe(1);
    now = 60_000;
    expect(limiter.take('203.0.113.1')).toBe(0);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address', () => {
    const limiter = new AddressLimiter({ perMinute: 1, now: () => 0 });
    expect(limiter.take('2001:db8:1:2::1')).toBe(0);
    expect(limiter.take('2001:db8:1:2:ffff::9')).toBeGreaterThan(0);
    expect(limiter.take('2001:db8:1:3::1')).toBe(0);
    expect(limiter.take('198.51.100.7')).toBe(0);
    expect(limiter.take('::ffff:198.51.100.7')).toBeGreaterThan(0);
  });

  it('counts loopback clients like any other by default; not when told to exempt them (the app\'s own workspace)', () => {
    const counted = new AddressLimiter({ perMinute: 1, now: () => 0 });
    expect([counted.take('127.0.0.1'), counted.take('127.0.0.1')]).toEqual([0, 60]);
    expect([counted.take('::1'), counted.take('::1')]).toEqual([0, 60]);
    const open = new AddressLimiter({ perMinute: 1, now: () => 0, limitLoopback: false });
    for (const address of ['127.0.0.1', '127.0.0.1', '::1', '::1', '::ffff:127.0.0.1', '::ffff:127.0.0.1']) expect(open.take(address)).toBe(0);
  });

  it('remembers a bounded number of addresses: finished windows go first, then the oldest', () => {
    let now = 0;
    const limiter = new AddressLimiter({ perMinute: 5, now: () => now, maxAddresses: 100 });
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    now = 60_000;
    limiter.take('192.0.2.1');
    // Every earlier window had ended: all were forgotten for the new one.
    expect(limiter.size).toBe(1);
  });

  it('is off with a limit of 0', () => {
    const limiter = new AddressLimiter({ perMinute: 0, now: () => 0, limitLoopback: true });
    for (let i = 0; i < 10; i++) expect(limiter.take('203.0.113.1')).toBe(0);
    expect(limiter.size).toBe(0);
  });
});
