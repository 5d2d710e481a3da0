import type {
  Campaign,
  Channel,
  Domain,
  LinkInput,
  LinkSaved,
  LinkSummary,
  Page,
  Pixel,
  QrSaved,
} from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import { hostOf } from '../mirror/dates.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import { classify } from './failure.js';
import type { OutboxApi } from './outbox-api.js';
import type { StoredOp } from './outbox-store.js';

/*
 * Looking up the result of a create whose answer never came (a timeout, a reset connection, the
 * app stopping mid-request) before sending it again: the service may have made the object.
 * Sending again is safe only on services that honour the Idempotency-Key (the local service
 * replays its first answer for 24 hours; the spec promises nothing), so the object is looked for
 * first (once the service's longest run since the request left is over: see attempt.ts), and
 * claimed only if it fits, compared the way the service compares (real deployments run on MySQL,
 * whose default collations ignore case, accents and trailing spaces):
 * - a link with a custom alias: by its full short URL (`GET /api/urls?short=https://host/alias`,
 *   real servers refuse a bare alias as "Invalid short url"), with the same long URL; when that
 *   way is refused or finds nothing, among the newest links with that long URL, by alias;
 * - a link without one: among the newest links with that long URL (`q`), on the same domain,
 *   made after the operation was queued (id above the highest the mirror had then), and not
 *   already claimed by another operation (creates that a look-up could mistake for each other
 *   go one at a time, in order, so an unclaimed match is this operation's);
 * - channels and campaigns by name, pixels by type, name and tag, the same way; a domain by its
 *   host (case and a trailing slash do not matter).
 * A way the service refuses (a route it lacks, a parameter it rejects) finds nothing; it never
 * fails the operation. Nothing found: the caller sends again, with the same Idempotency-Key.
 */

export interface LookupContext {
  api: OutboxApi;
  options: ScheduledOptions;
  /** Ids already claimed by answered creates of the same kind. */
  claimed: Set<number>;
  /** Hosts of the branded domains (a link without one is on any other host: the service's). */
  brandedHosts: Set<string>;
  /** The profile's base URL: short links without a branded domain are `<baseUrl>/<alias>`. */
  baseUrl: string;
}

/** Newest-first pages of links to scan for a lost create. */
const LINK_PAGES = 3;
const LARGE = 1000;

function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a.trim()).href === new URL(b.trim()).href;
  } catch {
    return false;
  }
}

/** Text as MySQL's default collations compare it: case, accents, outer spaces do not count. */
export function collated(text: string): string {
  return text
    .trim()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export const sameName = (a: string, b: string): boolean => collated(a) === collated(b);

/**
 * Runs one way of looking; a refusal of the look-up itself (a route the service lacks, "Invalid
 * short url", an answer of a shape we cannot read) means "not found this way". A failure that
 * may pass (offline, 5xx, rate limit) is thrown: the look-up is tried again later.
 */
async function way<T>(look: () => Promise<T>, otherwise: T): Promise<T> {
  try {
    return await look();
  } catch (error) {
    if (classify(error) === 'permanent') return otherwise;
    if (isApiClientError(error) && error.details?.['issues'] !== undefined) return otherwise;
    throw error;
  }
}

/** The full short URL a custom alias gets: on its branded domain, or under the base URL. */
export function shortUrlFor(input: LinkInput, baseUrl: string): string {
  const alias = encodeURIComponent(input.custom ?? '');
  if (input.domain) {
    const domain = input.domain.trim().replace(/\/+$/, '');
    return `${/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`}/${alias}`;
  }
  return `${baseUrl.replace(/\/+$/, '')}/${alias}`;
}

/** Whether a listed link is on the domain the create asked for. */
function onDomain(ctx: LookupContext, input: LinkInput, link: LinkSummary): boolean {
  const linkHost = hostOf(link.shortUrl);
  return input.domain ? linkHost === hostOf(input.domain) : !ctx.brandedHosts.has(linkHost);
}

async function findLink(
  ctx: LookupContext,
  op: StoredOp,
  input: LinkInput,
): Promise<LinkSaved | null> {
  const { api, options } = ctx;
  const custom = input.custom?.trim();
  if (custom) {
    const found = await way(
      () => api.links.getByShort(shortUrlFor(input, ctx.baseUrl), options),
      null,
    );
    if (found && !ctx.claimed.has(found.id)) {
      // The alias is someone else's link when its long URL differs: not this create's.
      return sameUrl(found.longUrl, input.url) ? { id: found.id, shortUrl: found.shortUrl } : null;
    }
  }
  const baseline = op.baselineId ?? 0;
  // `q` matches a substring of the long URL (among other fields) on every known service.
  const q = input.url.length <= 500 ? input.url : undefined;
  let best: LinkSaved | null = null;
  for (let page = 1; page <= LINK_PAGES; page++) {
    const answer = await way(
      () => api.links.list({ page, limit: LARGE, order: 'date', ...(q ? { q } : {}) }, options),
      null,
    );
    if (!answer) break;
    for (const link of answer.items) {
      if (link.id <= baseline || ctx.claimed.has(link.id)) continue;
      if (!sameUrl(link.longUrl, input.url) || !onDomain(ctx, input, link)) continue;
      if (custom && !sameName(link.alias, custom)) continue;
      // The oldest match is the first attempt's.
      if (!best || link.id < best.id) best = { id: link.id, shortUrl: link.shortUrl };
    }
    const reachedOlder = answer.items.some((l) => l.id <= baseline);
    if (reachedOlder || !answer.hasNext || answer.items.length === 0) break;
  }
  return best;
}

/** Every page of a small collection (for the look-up of a lost create); none if refused. */
async function everything<T>(fetch: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await way(() => fetch(page), null);
    if (!answer) break;
    items.push(...answer.items);
    if (!answer.hasNext || answer.items.length === 0) break;
  }
  return items;
}

/** The unclaimed objects above the baseline that `fits`, oldest first. */
function fitting<T extends { id: number }>(
  items: T[],
  ctx: LookupContext,
  op: StoredOp,
  fits: (item: T) => boolean,
): T[] {
  const baseline = op.baselineId ?? 0;
  return items
    .filter((i) => i.id > baseline && !ctx.claimed.has(i.id) && fits(i))
    .sort((a, b) => a.id - b.id);
}

/** The object a create made before its answer was lost, or null when there is none. */
export async function lookUpCreate(
  ctx: LookupContext,
  op: StoredOp,
): Promise<LinkSaved | Channel | Campaign | Domain | Pixel | QrSaved | null> {
  const m = op.mutation;
  const { api, options } = ctx;
  switch (m.kind) {
    case 'link.create':
      return findLink(ctx, op, m.input);
    case 'channel.create': {
      const items = await everything((page) => api.channels.list({ page, limit: LARGE }, options));
      const named = fitting(items, ctx, op, (c) => sameName(c.name, m.input.name));
      // The service may have reworded the description (tags stripped …): it only breaks a tie.
      const description = m.input.description ?? '';
      return named.find((c) => sameName(c.description, description)) ?? named[0] ?? null;
    }
    case 'campaign.create': {
      const items = await everything((page) => api.campaigns.list({ page, limit: LARGE }, options));
      return fitting(items, ctx, op, (c) => sameName(c.name, m.input.name ?? ''))[0] ?? null;
    }
    case 'domain.create': {
      // A host is unique on the service: whoever holds it, a new add would be refused anyway.
      const items = await everything((page) => api.domains.list({ page, limit: LARGE }, options));
      const host = hostOf(m.input.domain);
      return items.find((d) => !ctx.claimed.has(d.id) && hostOf(d.domain) === host) ?? null;
    }
    case 'pixel.create': {
      const items = await everything((page) => api.pixels.list({ page, limit: LARGE }, options));
      return (
        fitting(
          items,
          ctx,
          op,
          (p) =>
            sameName(p.type, m.input.type) &&
            sameName(p.name, m.input.name) &&
            sameName(p.tag, m.input.tag),
        )[0] ?? null
      );
    }
    case 'qr.create': {
      // A list names each code (and says nothing of its content): a code of that name made
      // after the operation was queued, not claimed by another create, is this one.
      const items = await everything((page) => api.qrs.list({ page, limit: LARGE }, options));
      const found = fitting(items, ctx, op, (q) => sameName(q.name, m.input.name ?? ''))[0];
      return found ? { id: found.id, link: found.link } : null;
    }
    default:
      return null;
  }
}

/**
 * What a look-up could mistake for each other: creates of the same kind with the same
 * identity (a long URL, an alias, a name …). Such creates keep their order in the outbox.
 */
export function identitiesOf(m: StoredOp['mutation']): string[] {
  switch (m.kind) {
    case 'link.create': {
      let url = m.input.url.trim();
      try {
        url = new URL(url).href;
      } catch {
        // Kept as typed.
      }
      const keys = [`link-url:${url}`];
      if (m.input.custom?.trim()) keys.push(`link-alias:${collated(m.input.custom)}`);
      return keys;
    }
    case 'channel.create':
      return [`channel:${collated(m.input.name)}`];
    case 'campaign.create':
      return [`campaign:${collated(m.input.name ?? '')}`];
    case 'domain.create':
      return [`domain:${hostOf(m.input.domain)}`];
    case 'pixel.create':
      return [`pixel:${collated(m.input.type)}:${collated(m.input.name)}:${collated(m.input.tag)}`];
    case 'qr.create':
      return [`qr:${collated(m.input.name ?? '')}`];
    default:
      return [];
  }
}
