import { describe, expect, it } from 'vitest';
import { clockOffset, pairByQuery, splitRoundTrips, type Pair } from '../../bench/round-trip-parts.js';

/*
 * The links bench splits a round trip over two clocks (tests/bench/round-trip-parts.ts): these
 * stamps are made on a known offset and known one-way times, so the split must give them back.
 */

/** A call sent at `send` (page clock), `up` ms to the backend, `work` ms there, `down` ms back. */
const call = (send: number, up: number, work: number, down: number, theta: number): Pair => ({
  page: { send, recv: send + up + work + down },
  served: { start: send + up + theta, end: send + up + work + theta },
});

describe('round-trip parts', () => {
  const theta = 1_234.5;
  // No-work calls: symmetric at best (0.5 ms each way), some slowed one way by a preemption.
  const noWork = [
    ...Array.from({ length: 20 }, (_, i) => call(1_000 + i * 30, 0.5, 0.05, 0.5, theta)),
    call(2_000, 7, 0.05, 0.5, theta),
    call(2_100, 0.5, 0.05, 9, theta),
  ];

  it('recovers the offset between the two clocks from the quickest no-work calls', () => {
    expect(clockOffset(noWork)).toBeCloseTo(theta, 6);
  });

  it('splits each call into page → backend, handler and backend → page', () => {
    const slow = [call(5_000, 6, 1.5, 3, theta), call(5_200, 1, 0.8, 12, theta)];
    const parts = splitRoundTrips(slow, clockOffset(noWork));
    expect(parts.up.map((v) => Number(v.toFixed(6)))).toEqual([6, 1]);
    expect(parts.handler.map((v) => Number(v.toFixed(6)))).toEqual([1.5, 0.8]);
    expect(parts.down.map((v) => Number(v.toFixed(6)))).toEqual([3, 12]);
  });

  it('pairs each page call with the backend call of the same query that started after it', () => {
    const a = call(5_000, 2, 1, 1, theta);
    const b = call(5_100, 2, 1, 1, theta);
    const pairs = pairByQuery(
      [
        { q: 'spring', ...a.page },
        { q: 'spring', ...b.page },
        { q: 'nobody', send: 5_300, recv: 5_310 },
      ],
      [
        { q: 'spring', ...b.served },
        { q: 'other', ...a.served },
        { q: 'spring', ...a.served },
      ],
      theta,
    );
    expect(pairs).toEqual([
      { page: { q: 'spring', ...a.page }, served: { q: 'spring', ...a.served } },
      { page: { q: 'spring', ...b.page }, served: { q: 'spring', ...b.served } },
    ]);
  });
});
