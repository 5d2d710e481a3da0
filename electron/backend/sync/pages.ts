import type { Page, SyncCollection } from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import { request, type SyncContext } from './sync-context.js';

/**
 * The page size asked for first. The spec gives no maximum, so ask for a lot and let the
 * service say what it used (`perpage`): the reference service answers 100, a deployment with a
 * larger maximum gives more per request.
 */
export const LARGE_PAGE = 1000;

/** Page sizes to fall back to when a service refuses a large `limit` outright. */
const FALLBACK_LIMITS: readonly (number | undefined)[] = [100, undefined];

const LIMIT_KEY = 'page-limit';

export type FetchPage<T> = (
  page: number,
  limit: number | undefined,
  options: ScheduledOptions,
) => Promise<Page<T>>;

/** Fetches page `page`, falling back to smaller limits once if the service refuses the large one. */
export async function firstPage<T>(
  ctx: SyncContext,
  collection: SyncCollection,
  fetch: FetchPage<T>,
  page = 1,
): Promise<Page<T>> {
  const remembered = ctx.mirror.state<number | null>(LIMIT_KEY);
  const limits = [
    remembered === undefined ? LARGE_PAGE : (remembered ?? undefined),
    ...FALLBACK_LIMITS,
  ];
  for (const [i, limit] of limits.entries()) {
    try {
      const answer = await request(
        ctx,
        collection,
        (o) => fetch(page, limit, o),
        (p) => ({ items: p.items.length, ...(page === 1 ? { total: p.total } : {}) }),
      );
      if (remembered === undefined || i > 0) ctx.mirror.setState(LIMIT_KEY, limit ?? null);
      return answer;
    } catch (error) {
      const refused = isApiClientError(error) && error.code === 'invalid-input';
      if (!refused || i === limits.length - 1 || limit === undefined) throw error;
    }
  }
  throw new Error('unreachable');
}

export interface WalkOptions<T> {
  /** Called with each page as it arrives (store it). Return true to stop walking. */
  onPage(page: Page<T>): boolean | void;
  /** Start at this page (a resumed walk). Default 1. */
  startPage?: number;
  /** Page size to ask for after the first page (the `perpage` a first page gave). */
  perPage?: number;
}

/**
 * Every page of a collection with the fewest requests: the first page asks for a large `limit`;
 * the rest ask for the `perpage` it answered (so page numbers mean what the service means) up
 * to `maxpage`, or until a page is empty or says there is none after it.
 */
export async function walkPages<T>(
  ctx: SyncContext,
  collection: SyncCollection,
  fetch: FetchPage<T>,
  options: WalkOptions<T>,
): Promise<{ perPage: number; pages: number }> {
  let pageNo = options.startPage ?? 1;
  let page =
    options.perPage !== undefined && pageNo > 1
      ? await request(
          ctx,
          collection,
          (o) => fetch(pageNo, options.perPage, o),
          (p) => ({
            items: p.items.length,
          }),
        )
      : await firstPage(ctx, collection, fetch, pageNo);
  const perPage = page.perPage;
  let pages = 1;
  ctx.progress.expect(collection, Math.max(0, page.maxPage - page.page));
  for (;;) {
    if (options.onPage(page) === true) break;
    if (!page.hasNext || page.items.length === 0) break;
    pageNo = page.page + 1;
    page = await request(
      ctx,
      collection,
      (o) => fetch(pageNo, perPage, o),
      (p) => ({
        items: p.items.length,
      }),
    );
    pages++;
    ctx.progress.expect(collection, Math.max(0, page.maxPage - page.page));
  }
  ctx.progress.expect(collection, 0);
  return { perPage, pages };
}
