import { describe, expect, it } from 'vitest';
import { clientLimitKey } from '../../../electron/service/client-address.js';
import { PasswordThrottle, waitInWords } from '../../../electron/service/redirect/password-throttle.js';

/** One wrong password: begins an attempt and reports it wrong; answers whether it was let through. */
function wrong(throttle: PasswordThrottle, linkId: number, client: string): boolean {
  const answer = throttle.begin(linkId, client);
  if (!('attempt' in answer)) return false;
  answer.attempt.finish(false);
  return true;
}

describe('password throttle', () => {
  it('keeps at most maxEntries (link, client) pairs, however many distinct ones fail', () => {
    const throttle = new PasswordThrottle(() => 0, { maxEntries: 100 });
    for (let i = 0; i < 5000; i++) wrong(throttle, i, `10.0.${i >> 8}.${i & 255}`);
    expect(throttle.size).toBe(100);
  });

  it('forgets a pair once its count is back to nothing (a right password)', () => {
    const throttle = new PasswordThrottle(() => 0);
    wrong(throttle, 1, '192.0.2.1');
    const answer = throttle.begin(1, '192.0.2.1');
    if (!('attempt' in answer)) throw new Error('refused within the limit');
    answer.attempt.finish(true);
    expect(throttle.size).toBe(0);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(clientLimitKey('2001:db8:1:2:aaaa::1')).toBe(clientLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientLimitKey('2001:db8:1:2::1')).not.toBe(clientLimitKey('2001:db8:1:3::1'));
    expect(clientLimitKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const throttle = new PasswordThrottle(() => 0, { limit: 2 });
    expect(wrong(throttle, 7, '2001:db8::1')).toBe(true);
    expect(wrong(throttle, 7, '2001:db8::2')).toBe(true);
    expect(wrong(throttle, 7, '2001:db8::3')).toBe(false);
    expect(wrong(throttle, 7, '2001:db8:0:1::3')).toBe(true);
  });

  it('says how long to wait from the oldest wrong password of the window', () => {
    let now = 0;
    const throttle = new PasswordThrottle(() => now, { limit: 2, windowMs: 60_000 });
    wrong(throttle, 1, '192.0.2.1');
    now = 20_000;
    wrong(throttle, 1, '192.0.2.1');
    now = 30_500;
    expect(throttle.begin(1, '192.0.2.1')).toEqual({ retryAfterSeconds: 30 });
    now = 60_000;
    expect('attempt' in throttle.begin(1, '192.0.2.1')).toBe(true);
  });

  it('says when in words', () => {
    expect([1, 45, 60, 61, 180].map(waitInWords)).toEqual(['1 second', '45 seconds', '1 minute', '2 minutes', '3 minutes']);
  });
});
