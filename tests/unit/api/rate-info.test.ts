import { describe, expect, it } from 'vitest';
import { readRateInfo } from '../../../electron/backend/api/rate-info.js';

const NOW = Date.UTC(2030, 5, 1, 12, 0, 0);
const headers = (h: Record<string, string>) => new Headers(h);

describe('rate facts of an answer', () => {
  it('reads a unix-seconds reset onto the local clock', () => {
    const info = readRateInfo(
      headers({
        'x-ratelimit-limit': '30',
        'x-ratelimit-remaining': '12',
        'x-ratelimit-reset': String(NOW / 1000 + 45),
      }),
      NOW,
      false,
    );
    expect(info).toEqual({
      at: NOW,
      rateLimited: false,
      limit: 30,
      remaining: 12,
      resetAt: NOW + 45_000,
    });
  });

  it('reads a reset in milliseconds, or in seconds from now', () => {
    expect(
      readRateInfo(headers({ 'x-ratelimit-reset': String(NOW + 5_000) }), NOW, false)?.resetAt,
    ).toBe(NOW + 5_000);
    expect(readRateInfo(headers({ 'x-ratelimit-reset': '20' }), NOW, false)?.resetAt).toBe(
      NOW + 20_000,
    );
  });

  it('corrects the reset for a server clock that differs from ours', () => {
    // The server's clock is 30 s behind ours: its reset stamp is 30 s "early" on our clock.
    const serverNow = NOW - 30_000;
    const info = readRateInfo(
      headers({
        date: new Date(serverNow).toUTCString(),
        'x-ratelimit-reset': String(serverNow / 1000 + 10),
      }),
      NOW,
      false,
    );
    expect(info?.resetAt).toBe(NOW + 10_000);
  });

  it('clamps a negative remaining to zero', () => {
    expect(readRateInfo(headers({ 'x-ratelimit-remaining': '-4' }), NOW, false)?.remaining).toBe(0);
  });

  it('reads Retry-After as seconds or as an HTTP date, from the header or else the body', () => {
    expect(readRateInfo(headers({ 'retry-after': '12' }), NOW, true)?.retryAfterMs).toBe(12_000);
    expect(
      readRateInfo(headers({ 'retry-after': new Date(NOW + 8_000).toUTCString() }), NOW, true)
        ?.retryAfterMs,
    ).toBe(8_000);
    expect(readRateInfo(headers({}), NOW, true, '25')?.retryAfterMs).toBe(25_000);
  });

  it('ignores garbage and says nothing when there is nothing to say', () => {
    expect(
      readRateInfo(
        headers({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '' }),
        NOW,
        false,
      ),
    ).toBeUndefined();
    expect(readRateInfo(headers({}), NOW, true)).toEqual({ at: NOW, rateLimited: true });
  });
});
