/**
 * A profile's request queue as the UI sees it: the priorities requests wait under and the rate
 * budget the queue spends. Part of the shared models (see ../models.ts).
 */

/** Request priorities of a profile's queue, most urgent first. */
export const PRIORITIES = ['user', 'clipboard', 'view', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The rate budget of one profile's queue, as published to the UI. */
export interface RateBudgetState {
  /** Requests the service allows per window. */
  limit: number;
  /** Requests we may still send now without risking a rate-limit answer. */
  remaining: number;
  /** Unix milliseconds at which the budget next grows (now when it is full). */
  resetAt: number;
  /** Unix milliseconds until which nothing is sent after a rate-limit answer, or null. */
  pausedUntil: number | null;
  inFlight: number;
  queued: Record<Priority, number>;
}
