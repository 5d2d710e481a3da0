import type { RateBudgetState } from '../../shared/models.js';

export interface EtaInput {
  requestsLeft: number;
  budget: Pick<RateBudgetState, 'limit' | 'remaining' | 'resetAt'>;
  now: number;
  /** The service's rate window (the spec's one minute). */
  windowMs?: number;
  /**
   * Share of each window background work may use: the scheduler keeps a quarter of the budget
   * back from background requests for the user's own actions.
   */
  share?: number;
  /** Time one request takes when the budget does not hold it back (measured as the sync goes). */
  latencyMs?: number;
}

/**
 * How long the requests left will take under the rate budget: those the budget allows now go at
 * the speed of the network; the rest wait for the budget to grow back, a window's share at a
 * time. The first wait is until the budget next grows (`resetAt`).
 */
export function estimateEtaMs(input: EtaInput): number {
  const windowMs = input.windowMs ?? 60_000;
  const share = input.share ?? 0.75;
  const latency = Math.max(0, input.latencyMs ?? 200);
  const left = Math.max(0, Math.ceil(input.requestsLeft));
  if (left === 0) return 0;
  const { limit, remaining, resetAt } = input.budget;
  const reserve = Math.floor(limit * (1 - share));
  const usableNow = Math.max(0, remaining - reserve);
  if (left <= usableNow) return left * latency;
  const perWindow = Math.max(1, Math.floor(limit * share));
  const windows = Math.ceil((left - usableNow) / perWindow);
  const firstWait = Math.max(0, resetAt - input.now);
  // Inside each window the requests it allows go back to back; the last window's are counted.
  const lastBatch = left - usableNow - (windows - 1) * perWindow;
  return firstWait + (windows - 1) * windowMs + lastBatch * latency;
}
