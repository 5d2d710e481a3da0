import type { MirrorLinkQuery } from '../../../electron/shared/models.js';

/**
 * The Links view's first question, in a module of its own so the page's first script can ask it
 * (early-calls.ts) without loading the store, Vue or Pinia.
 */

/**
 * A new query first asks for this many rows (more than a tall screen shows), then for the rest
 * of its first window: the first answer is a quarter of the size, so typing shows rows sooner.
 */
export const FIRST_ROWS = 50;

/** The order the Links view opens in. */
export const DEFAULT_SORT = 'date' as const;
export const DEFAULT_DIRECTION = 'desc' as const;

/** The first rows of every link, newest first: what the Links view shows when it opens. */
export const firstWindowQuery = (): MirrorLinkQuery & { offset: number; limit: number } => ({
  sort: DEFAULT_SORT,
  direction: DEFAULT_DIRECTION,
  offset: 0,
  limit: FIRST_ROWS,
});
