import { describe, expect, it } from 'vitest';
import { estimateEtaMs } from '../../../electron/backend/sync/eta.js';

const budget = (remaining: number, resetIn = 0) => ({
  limit: 30,
  remaining,
  resetAt: 1_000_000 + resetIn,
});
const now = 1_000_000;

describe('ETA from the rate budget', () => {
  it('is the network time alone when the budget holds every request', () => {
    expect(estimateEtaMs({ requestsLeft: 10, budget: budget(30), now, latencyMs: 100 })).toBe(
      1_000,
    );
    expect(estimateEtaMs({ requestsLeft: 0, budget: budget(0), now })).toBe(0);
  });

  it("waits for the budget to grow back, a window's background share at a time", () => {
    // 30/min, a quarter kept for the user: 22 background requests per window; 23 usable now.
    // 100 left: 23 now, then 77 → 4 windows (22, 22, 22, 11): wait 10 s, 3 more windows, 11 requests.
    expect(
      estimateEtaMs({ requestsLeft: 100, budget: budget(30, 10_000), now, latencyMs: 100 }),
    ).toBe(10_000 + 3 * 60_000 + 11 * 100);
  });

  it("counts nothing as usable when only the user's reserve is left", () => {
    expect(estimateEtaMs({ requestsLeft: 22, budget: budget(7, 40_000), now, latencyMs: 0 })).toBe(
      40_000,
    );
    expect(estimateEtaMs({ requestsLeft: 23, budget: budget(7, 40_000), now, latencyMs: 0 })).toBe(
      100_000,
    );
  });
});
