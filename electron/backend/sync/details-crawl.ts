import { isApiClientError } from '../api/errors.js';
import { forgetLink, storeLinkDetails } from '../mirror/link-writes.js';
import { request, type SyncContext } from './sync-context.js';

/*
 * Reading the details of links nobody opened yet, in the background, so that the filters only
 * details can answer (campaign, status, password, expiry) become known over time. It spends
 * only budget that is plainly spare: nothing while less than half the budget is left, and at
 * most a twentieth of it per step. Against a 30-a-minute service that is one link per step;
 * against the local workspace (no limit) a hundred.
 */

const MAX_BATCH = 100;

/** Links to read in one step under the current budget (0: not now). */
export function crawlBatch(ctx: SyncContext): number {
  const budget = ctx.api.scheduler?.state();
  if (!budget) return 1;
  if (budget.remaining < budget.limit / 2) return 0;
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(budget.limit / 20)));
}

/** Which links a crawl reads: never-read ones, or also those clicked since their details were read. */
export type CrawlPick = 'never-read' | 'stale';

/** The SQL condition (over `links`) of a pick. */
export function pickCondition(pick: CrawlPick): string {
  const never = 'details_at IS NULL AND id > 0 AND pending IS NULL';
  if (pick === 'never-read') return never;
  // A click reading later than the details read: the statistics miss those clicks.
  return `id > 0 AND pending IS NULL AND (details_at IS NULL OR EXISTS
    (SELECT 1 FROM click_readings r WHERE r.link_id = links.id AND r.at > links.details_at))`;
}

/** Reads the details of up to `max` links of the pick, newest first; answers how many it read. */
export async function crawlDetails(ctx: SyncContext, max: number, pick: CrawlPick = 'never-read'): Promise<number> {
  const { mirror } = ctx;
  const ids = mirror.sql
    .all<{ id: number }>(`SELECT id FROM links WHERE ${pickCondition(pick)} ORDER BY rank DESC LIMIT ?`, [max])
    .map((r) => r.id);
  let read = 0;
  for (const id of ids) {
    try {
      const details = await request(ctx, 'links', (o) => ctx.api.links.get(id, o));
      const now = ctx.clock.now();
      mirror.write(['links'], () => storeLinkDetails(mirror.sql, details, now));
      read++;
    } catch (error) {
      if (!isApiClientError(error) || error.code !== 'not-found') throw error;
      mirror.write(['links', 'channel-items'], () => forgetLink(mirror.sql, id));
    }
  }
  return read;
}
