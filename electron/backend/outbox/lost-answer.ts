import type {
  Campaign,
  Channel,
  Domain,
  LinkInput,
  LinkSaved,
  Page,
  Pixel,
} from '../../shared/models.js';
import { hostOf } from '../mirror/dates.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import type { OutboxApi } from './outbox-api.js';
import type { StoredOp } from './outbox-store.js';

/*
 * Looking up the result of a create whose answer never came (a timeout, a reset connection, the
 * app stopping mid-request) before sending it again: the service may have made the object.
 * Sending again is safe only on services that honour the Idempotency-Key (the local service
 * replays its first answer for 24 hours; the spec promises nothing), so the object is looked for
 * first, and claimed only if it fits:
 * - a link with a custom alias: by its short URL (`GET /api/urls?short=`), with the same long URL;
 * - a link without one: among the newest links with that long URL (`q`), on the same domain,
 *   made after the operation was queued (id above the highest the mirror had then), and not
 *   already claimed by another operation (operations go one at a time, in order, so an
 *   unclaimed match is this operation's);
 * - channels, campaigns and pixels: by their fields the same way; a domain by its host.
 * Nothing found: the caller sends again, with the same Idempotency-Key.
 */

export interface LookupContext {
  api: OutboxApi;
  options: ScheduledOptions;
  /** Ids already claimed by answered creates of the same kind. */
  claimed: Set<number>;
  /** Hosts of the branded domains (a link without one is on any other host: the service's). */
  brandedHosts: Set<string>;
}

/** Newest-first pages of links to scan for a lost create. */
const LINK_PAGES = 3;
const LARGE = 1000;

function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

async function findLink(
  ctx: LookupContext,
  op: StoredOp,
  input: LinkInput,
): Promise<LinkSaved | null> {
  const { api, options } = ctx;
  if (input.custom) {
    const host = input.domain ? hostOf(input.domain) : '';
    const found = await api.links.getByShort(
      host ? `${host}/${input.custom}` : input.custom,
      options,
    );
    return found && sameUrl(found.longUrl, input.url)
      ? { id: found.id, shortUrl: found.shortUrl }
      : null;
  }
  const baseline = op.baselineId ?? 0;
  const host = input.domain ? hostOf(input.domain) : null;
  // `q` matches a substring of the long URL (among other fields) on the reference service.
  const q = input.url.length <= 500 ? input.url : undefined;
  let best: LinkSaved | null = null;
  for (let page = 1; page <= LINK_PAGES; page++) {
    const answer = await api.links.list(
      { page, limit: LARGE, order: 'date', ...(q ? { q } : {}) },
      options,
    );
    for (const link of answer.items) {
      if (link.id <= baseline || ctx.claimed.has(link.id)) continue;
      if (!sameUrl(link.longUrl, input.url)) continue;
      const linkHost = hostOf(link.shortUrl);
      if (host !== null ? linkHost !== host : ctx.brandedHosts.has(linkHost)) continue;
      // The oldest match is the first attempt's.
      if (!best || link.id < best.id) best = { id: link.id, shortUrl: link.shortUrl };
    }
    const reachedOlder = answer.items.some((l) => l.id <= baseline);
    if (reachedOlder || !answer.hasNext || answer.items.length === 0) break;
  }
  return best;
}

/** Every page of a small collection (for the look-up of a lost create). */
async function everything<T>(fetch: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await fetch(page);
    items.push(...answer.items);
    if (!answer.hasNext || answer.items.length === 0) break;
  }
  return items;
}

/** The oldest unclaimed object above the baseline that `fits`. */
function oldestFit<T extends { id: number }>(
  items: T[],
  ctx: LookupContext,
  op: StoredOp,
  fits: (item: T) => boolean,
): T | null {
  const baseline = op.baselineId ?? 0;
  return (
    items
      .filter((i) => i.id > baseline && !ctx.claimed.has(i.id) && fits(i))
      .sort((a, b) => a.id - b.id)[0] ?? null
  );
}

/** The object a create made before its answer was lost, or null when there is none. */
export async function lookUpCreate(
  ctx: LookupContext,
  op: StoredOp,
): Promise<LinkSaved | Channel | Campaign | Domain | Pixel | null> {
  const m = op.mutation;
  const { api, options } = ctx;
  switch (m.kind) {
    case 'link.create':
      return findLink(ctx, op, m.input);
    case 'channel.create': {
      const items = await everything((page) => api.channels.list({ page, limit: LARGE }, options));
      return oldestFit(
        items,
        ctx,
        op,
        (c) => c.name === m.input.name && c.description === (m.input.description ?? ''),
      );
    }
    case 'campaign.create': {
      const items = await everything((page) => api.campaigns.list({ page, limit: LARGE }, options));
      return oldestFit(items, ctx, op, (c) => c.name === (m.input.name ?? ''));
    }
    case 'domain.create': {
      // A host is unique on the service: whoever holds it, a new add would be refused anyway.
      const items = await everything((page) => api.domains.list({ page, limit: LARGE }, options));
      const host = hostOf(m.input.domain);
      return items.find((d) => !ctx.claimed.has(d.id) && hostOf(d.domain) === host) ?? null;
    }
    case 'pixel.create': {
      const items = await everything((page) => api.pixels.list({ page, limit: LARGE }, options));
      return oldestFit(
        items,
        ctx,
        op,
        (p) => p.type === m.input.type && p.name === m.input.name && p.tag === m.input.tag,
      );
    }
    default:
      return null;
  }
}
