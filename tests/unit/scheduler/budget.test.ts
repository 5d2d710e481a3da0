import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../electron/backend/scheduler/budget.js';

const T0 = 1_900_000_000_000;
const info = (at: number, remaining: number, resetAt: number, limit = 30) => ({
  at,
  limit,
  remaining,
  resetAt,
  rateLimited: false,
});

describe('rate budget', () => {
  it('allows 30 a minute before any header is seen, and no more in any window plus margin', () => {
    const budget = new RateBudget();
    for (let i = 0; i < 30; i++) budget.recordSend(T0 + i * 1_000);
    expect(budget.available(T0 + 30_000)).toBe(0);
    // The first send ages out one window plus the margin after it left.
    expect(budget.whenAvailable(1, T0 + 30_000)).toBe(T0 + 62_000);
    expect(budget.available(T0 + 61_999)).toBe(0);
    expect(budget.available(T0 + 62_000)).toBe(1);
  });

  it('follows the limit the server reports', () => {
    const budget = new RateBudget();
    budget.observe(info(T0, 59, T0 + 60_000, 60), 0);
    expect(budget.limit).toBe(60);
    expect(budget.available(T0)).toBe(59);
  });

  it('counts what the server says was spent by others', () => {
    const budget = new RateBudget();
    budget.recordSend(T0);
    budget.observe(info(T0 + 100, 4, T0 + 30_000), 0);
    expect(budget.available(T0 + 100)).toBe(4);
    budget.recordSend(T0 + 200);
    expect(budget.available(T0 + 200)).toBe(3);
    // After the server's reset (plus margin) only our own log counts.
    expect(budget.available(T0 + 32_000)).toBe(28);
  });

  it('assumes requests still in flight are not yet counted by the server', () => {
    const budget = new RateBudget();
    for (let i = 0; i < 4; i++) budget.recordSend(T0);
    budget.observe(info(T0 + 100, 26, T0 + 60_000), 3);
    expect(budget.available(T0 + 100)).toBe(23);
  });

  it('ignores a stale answer from an earlier window and never raises the estimate within one', () => {
    const budget = new RateBudget({ defaultLimit: 1000 });
    budget.observe(info(T0, 10, T0 + 60_000, 1000), 0);
    budget.observe(info(T0 + 10, 20, T0 + 60_000, 1000), 0);
    expect(budget.available(T0 + 10)).toBe(10);
    // A new window (later reset) replaces the estimate...
    budget.observe(info(T0 + 61_000, 999, T0 + 121_000, 1000), 0);
    expect(budget.available(T0 + 61_000)).toBe(999);
    // ...and a late answer of the old one does not bring it back.
    budget.observe(info(T0 + 61_100, 0, T0 + 60_000, 1000), 0);
    expect(budget.available(T0 + 61_100)).toBe(999);
  });

  it('holds nothing back after a refusal until the later of Retry-After and reset', () => {
    const budget = new RateBudget();
    budget.observe({ at: T0, rateLimited: true, retryAfterMs: 5_000, resetAt: T0 + 40_000 }, 0);
    expect(budget.available(T0 + 39_000)).toBe(0);
    expect(budget.whenAvailable(1, T0)).toBe(T0 + 42_000);
    expect(budget.available(T0 + 42_000)).toBe(30);
  });

  it('reports when the budget next grows', () => {
    const budget = new RateBudget({ defaultLimit: 2 });
    expect(budget.nextGrowthAt(T0)).toBe(T0);
    budget.recordSend(T0);
    budget.recordSend(T0 + 5_000);
    expect(budget.nextGrowthAt(T0 + 6_000)).toBe(T0 + 62_000);
  });
});
