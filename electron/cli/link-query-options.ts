import type {
  LinkSort,
  MirrorLinkFilters,
  MirrorLinkPage,
  MirrorLinkQuery,
} from '../shared/models.js';
import { usageErrorT } from './exit-codes.js';
import type { NamedFilters } from './mirror-read.js';

/** The list options of find, list and export (program.ts listOptions) as commander gives them. */
export interface ListOptions {
  sort?: LinkSort;
  asc?: boolean;
  channel?: string;
  campaign?: string;
  domain?: string;
  status?: 'public' | 'private';
  password?: boolean;
  expired?: boolean;
  outbox?: 'pending' | 'failed' | 'any';
  health?: 'broken' | 'ok' | 'unchecked';
  limit?: string;
}

/**
 * The links view's query from the options; channel and campaign stay names (looked up where the
 * query runs). `--password`/`--no-password`: commander sets `password` to true/false for them,
 * and to true by default for a `--no-` option, so the default is read from the raw argv.
 */
export function linkQuery(
  options: ListOptions,
  argv: readonly string[],
  q?: string,
): { query: MirrorLinkQuery; named: NamedFilters; want: number | null } {
  const filters: MirrorLinkFilters = {};
  if (options.domain) filters.domain = options.domain;
  if (options.status) filters.status = options.status;
  if (argv.includes('--password') || argv.includes('--no-password'))
    filters.password = options.password === true;
  if (argv.includes('--expired') || argv.includes('--no-expired'))
    filters.expired = options.expired === true;
  if (options.outbox) filters.outbox = options.outbox;
  if (options.health) filters.health = options.health;
  const limitText = (options.limit ?? '50').trim().toLowerCase();
  const all = limitText === 'all';
  const limit = all ? 500 : Number(limitText);
  if (!all && (!Number.isInteger(limit) || limit < 1))
    throw usageErrorT('cli.lookup.limit', { value: String(options.limit) });
  const named: NamedFilters = {};
  if (options.channel !== undefined) named.channel = options.channel;
  if (options.campaign !== undefined) named.campaign = options.campaign;
  const query: MirrorLinkQuery = {
    sort: options.sort ?? 'date',
    direction: options.asc ? 'asc' : 'desc',
    limit: Math.min(limit, 500),
    filters,
  };
  if (q !== undefined) query.q = q;
  return { query, named, want: all ? null : limit };
}

/**
 * Reads pages (500 links at most each, the mirror's window) until `want` links (null: all) or
 * the end: the first page's total, unknown count and freshness with every item read.
 */
export async function collectPages(
  fetchPage: (query: MirrorLinkQuery) => MirrorLinkPage | Promise<MirrorLinkPage>,
  query: MirrorLinkQuery,
  want: number | null,
): Promise<MirrorLinkPage> {
  const first = await fetchPage(query);
  const items = [...first.items];
  const target = () => Math.min(want ?? Infinity, first.total);
  while (items.length < target()) {
    const next = await fetchPage({
      ...query,
      offset: (query.offset ?? 0) + items.length,
      limit: Math.min(500, target() - items.length),
    });
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return { ...first, items: items.slice(0, want ?? undefined) };
}
