import type { BudgetState } from '../../../electron/shared/contract.js';
import { formatNumber } from '../i18n/format.js';
import { t } from '../i18n/index.js';

export interface BudgetView {
  /** The short line the meter shows, e.g. "27 of 30 requests left". */
  text: string;
  /** What happens next, e.g. "resets in 42 s", or "" when the budget is full. */
  detail: string;
  /** Requests left as a share of the limit, 0–100. */
  percent: number;
  paused: boolean;
  /** Few requests left (or paused): the meter turns to a warning colour. */
  low: boolean;
  /** The limit is too large to matter: no bar to show. */
  unlimited: boolean;
}

/**
 * A limit this large is no limit a person needs to watch (the local workspace runs without one
 * and advertises a huge budget): the meter then says so instead of showing six-digit counts.
 */
export const UNLIMITED_FROM = 100_000;

/** "42 s", "1 min 05 s" (in the locale's units): seconds rounded up, so a countdown never shows 0 while still waiting. */
export function formatSeconds(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return t('app.budget.seconds', { sec: formatNumber(seconds) });
  const minutes = Math.floor(seconds / 60);
  return t('app.budget.minutesSeconds', { min: formatNumber(minutes), sec: String(seconds % 60).padStart(2, '0') });
}

/** The rate-budget meter's words at time `now` (unix ms). */
export function describeBudget(budget: BudgetState | null, now: number): BudgetView {
  if (!budget) return { text: t('app.budget.unknown'), detail: '', percent: 100, paused: false, low: false, unlimited: false };
  const limit = Math.max(0, Math.floor(budget.limit));
  const unlimited = limit >= UNLIMITED_FROM;
  const remaining = Math.min(limit, Math.max(0, Math.floor(budget.remaining)));
  const percent = limit > 0 ? Math.round((remaining / limit) * 100) : 0;
  if (budget.pausedUntil !== null && budget.pausedUntil > now) {
    return {
      text: t('app.budget.paused'),
      detail: t('app.budget.resumesIn', { time: formatSeconds(budget.pausedUntil - now) }),
      percent,
      paused: true,
      low: true,
      unlimited,
    };
  }
  if (unlimited) return { text: t('app.budget.unlimited'), detail: '', percent: 100, paused: false, low: false, unlimited };
  const text = t('app.budget.left', { remaining, limit });
  const detail = budget.resetAt > now && remaining < limit ? t('app.budget.resetsIn', { time: formatSeconds(budget.resetAt - now) }) : '';
  return { text, detail, percent, paused: false, low: limit > 0 && remaining <= Math.max(1, Math.floor(limit / 10)), unlimited };
}
