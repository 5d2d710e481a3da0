import type { LinkSummary, Page } from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import { forgetLink, storeListedLinks } from '../mirror/link-writes.js';
import { firstPage, walkPages, type FetchPage } from './pages.js';
import { request, type SyncContext } from './sync-context.js';

/*
 * Mirroring the links: the full walk (first sync and deletion sweep), new links since the
 * newest known, and the click counts of the most clicked links.
 *
 * The deletion sweep walks every page in date order and stamps each link it sees with the
 * sweep's generation; when it reaches the end, links it did not see are gone from the service.
 * It is spread over time (one page per step) and survives restarts (its cursor is kept).
 * Two hazards, and why the sweep is still sound:
 * - links created during the sweep land on page 1, behind the cursor: they are unseen but also
 *   stored after the sweep began, and only links stored BEFORE it began can be deleted by it;
 * - links deleted during the sweep shift later pages up by one, so one link can slip past the
 *   cursor unseen. A shift shows as a smaller `result` total on a later page (creates only push
 *   pages down, which repeats a link but never skips one). Such a sweep is "tainted": its unseen
 *   links are each checked with GET /api/url/:id when there are only a few, else kept for the
 *   next sweep.
 */

const SWEEP_KEY = 'sweep';
const GEN_KEY = 'sweep-gen';
const FIRST_SYNC_KEY = 'first-sync-done';
const SWEEP_ENDED_KEY = 'sweep-ended-at';
/** A tainted sweep checks at most this many unseen links one by one. */
const VERIFY_MAX = 25;

interface SweepState {
  gen: number;
  /** The next page to read. */
  page: number;
  /** The page size the service answered with (null before the first page). */
  perPage: number | null;
  startedAt: number;
  lastTotal: number | null;
  tainted: boolean;
}

export interface SweepStep {
  /** True when this step finished a sweep. */
  done: boolean;
  /** Links found gone and removed from the mirror (when done). */
  deleted: number;
}

const datePage =
  (ctx: SyncContext): FetchPage<LinkSummary> =>
  (page, limit, options) =>
    ctx.api.links.list({ page, order: 'date', ...(limit ? { limit } : {}) }, options);

/** The generation links seen now are stamped with (the sweep in progress, or the last one). */
export function currentGen(ctx: SyncContext): number {
  return ctx.mirror.state<SweepState>(SWEEP_KEY)?.gen ?? ctx.mirror.state<number>(GEN_KEY) ?? 0;
}

export function sweepInProgress(ctx: SyncContext): boolean {
  return ctx.mirror.state<SweepState>(SWEEP_KEY) !== undefined;
}

/** When the last sweep ended (unix ms), or null. */
export function sweepEndedAt(ctx: SyncContext): number | null {
  return ctx.mirror.state<number>(SWEEP_ENDED_KEY) ?? null;
}

export function firstSyncDone(ctx: SyncContext): boolean {
  return ctx.mirror.state<boolean>(FIRST_SYNC_KEY) === true;
}

export function markFirstSyncDone(ctx: SyncContext): void {
  ctx.mirror.setState(FIRST_SYNC_KEY, true);
}

function storePage(ctx: SyncContext, page: Page<LinkSummary>, gen: number) {
  const now = ctx.clock.now();
  return ctx.mirror.write(['links'], () => storeListedLinks(ctx.mirror.sql, page.items, now, gen));
}

/** Reads the next page of the sweep (starting one if none is under way). */
export async function sweepStep(ctx: SyncContext): Promise<SweepStep> {
  const { mirror } = ctx;
  let state = mirror.state<SweepState>(SWEEP_KEY);
  if (!state) {
    const gen = (mirror.state<number>(GEN_KEY) ?? 0) + 1;
    state = {
      gen,
      page: 1,
      perPage: null,
      startedAt: ctx.clock.now(),
      lastTotal: null,
      tainted: false,
    };
    mirror.write([], () => {
      mirror.setState(SWEEP_KEY, state);
      mirror.setState(GEN_KEY, gen);
    });
  }
  const s = state;
  const page =
    s.perPage === null
      ? await firstPage(ctx, 'links', datePage(ctx), s.page)
      : await request(
          ctx,
          'links',
          (o) => datePage(ctx)(s.page, s.perPage ?? undefined, o),
          (p) => ({
            items: p.items.length,
          }),
        );
  if (s.page === 1) ctx.progress.expect('links', Math.max(0, page.maxPage - 1));
  else ctx.progress.expect('links', Math.max(0, page.maxPage - page.page));
  storePage(ctx, page, s.gen);
  const next: SweepState = {
    ...s,
    page: s.page + 1,
    perPage: page.perPage,
    lastTotal: page.total,
    tainted: s.tainted || (s.lastTotal !== null && page.total < s.lastTotal),
  };
  if (page.hasNext && page.items.length > 0) {
    mirror.setState(SWEEP_KEY, next);
    return { done: false, deleted: 0 };
  }
  const deleted = await finishSweep(ctx, next);
  return { done: true, deleted };
}

async function finishSweep(ctx: SyncContext, s: SweepState): Promise<number> {
  const { mirror } = ctx;
  const unseen = mirror.sql
    .all<{ id: number }>(
      `SELECT id FROM links WHERE id > 0 AND sweep_gen < ? AND stored_at < ? AND pending IS NULL`,
      [s.gen, s.startedAt],
    )
    .map((r) => r.id);
  let gone: number[] = unseen;
  if (s.tainted) {
    gone = [];
    if (unseen.length <= VERIFY_MAX) {
      for (const id of unseen) {
        try {
          await request(ctx, 'links', (o) => ctx.api.links.get(id, o));
        } catch (error) {
          if (isApiClientError(error) && error.code === 'not-found') gone.push(id);
          else throw error;
        }
      }
    }
  }
  const now = ctx.clock.now();
  mirror.write(['links', 'channel-items'], () => {
    for (const id of gone) forgetLink(mirror.sql, id);
    mirror.setState(SWEEP_KEY, undefined);
    mirror.setState(SWEEP_ENDED_KEY, now);
    mirror.markSynced('links', now);
  });
  return gone.length;
}

/** A whole sweep now (the first sync's walk; "refresh everything"). Resumes one under way. */
export async function sweepAll(ctx: SyncContext): Promise<{ deleted: number; pages: number }> {
  for (let pages = 1; ; pages++) {
    const step = await sweepStep(ctx);
    if (step.done) return { deleted: step.deleted, pages };
  }
}

/**
 * Links created since the last sync: date-ordered pages from the newest until a page holds a
 * link some earlier list already showed (links only Linkdeck's outbox knows do not count: one
 * created on the web just before it would be missed).
 */
export async function syncNewLinks(ctx: SyncContext): Promise<{ added: number; pages: number }> {
  const gen = currentGen(ctx);
  let added = 0;
  const { pages } = await walkPages(ctx, 'links', datePage(ctx), {
    onPage: (page) => {
      const result = storePage(ctx, page, gen);
      added += result.inserted.length;
      return result.known.length > 0;
    },
  });
  ctx.mirror.write(['links'], () => ctx.mirror.markSynced('links', ctx.clock.now()));
  return { added, pages };
}

/**
 * Click counts of the most clicked links: click-ordered pages until one shows no change (at
 * most `maxPages`). Counts that change most are at the top; every other count is brought up to
 * date by the sweep (and by opening the link), so no count is older than one sweep period.
 */
export async function syncClickHead(ctx: SyncContext, maxPages = 2): Promise<{ changed: number }> {
  const gen = currentGen(ctx);
  let changed = 0;
  let pages = 0;
  await walkPages(
    ctx,
    'links',
    (page, limit, o) =>
      ctx.api.links.list({ page, order: 'click', ...(limit ? { limit } : {}) }, o),
    {
      onPage: (page) => {
        pages++;
        const result = storePage(ctx, page, gen);
        changed += result.clicksChanged.length;
        return result.clicksChanged.length === 0 || pages >= maxPages;
      },
    },
  );
  return { changed };
}
