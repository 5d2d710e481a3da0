/**
 * Short link look-up for redirects, with an in-memory cache: a redirect is read thousands of
 * times for every write, and a SQLite read per hit would cap the redirect rate (see the
 * benchmark). The cache is
 *   - a cache of resolved links keyed by domain and alias, bounded by maxEntries, dropped per
 *     link through ctx.linkChanged (the links routes call it on every update and delete), and
 *     evicted least-recently-used first by the "second chance" (CLOCK) approximation: a visit
 *     only marks its link; when the cache is full, the oldest entry goes unless it is marked, in
 *     which case it loses its mark and moves to the newest end, and the next oldest is looked at.
 *     A link visited since it was stored (or since its last second chance) is never evicted
 *     before one that was not. A visit changes no map (issue 15: a delete and an insert in a map
 *     of 100,000 keys per hit cost more than the rest of the look-up; issue 32: even moving one
 *     visit in two showed in the redirect's profile), and evictions only happen when links come
 *     in, so a cache that holds every link never moves anything;
 *   - a small map of aliases known NOT to exist, each kept for missTtlMs only and all dropped on
 *     any link change, so a link created after a miss (by the API, or by another connection to
 *     the file) is found at once or within that TTL;
 *   - filled ahead of the first visits by prewarm() after the service starts (issue 15): a cold
 *     cache answered 1,100 redirects/s where a warm one answered 6,100 on this machine, and a
 *     service that restarts under traffic would spend its first minutes at the cold rate.
 *
 * On PostgreSQL (no synchronous connection) the same cache answers hits synchronously, so the
 * direct redirect serves them as on SQLite; resolve() then answers only from the cache (null
 * for a link it does not hold), and the Fastify route awaits fetch(), which reads the link
 * through the store and keeps it. Another node's changes reach invalidate() through
 * ctx.linkChanged (the change feed, database/change-feed.ts, calls it with the link's id).
 */
import type { Db } from '../db.js';
import type { Store } from '../database/store.js';
import { all, first, q } from '../database/work.js';
import { asciiLocation } from './location.js';
import { buildTargets, targetsNobody, type LinkTargets, type TargetColumns } from './targeting.js';

export type RedirectType = 'direct' | 'frame' | 'splash' | 'splash-page' | 'overlay';

export interface ResolvedLink {
  id: number;
  userId: number;
  domainId: number;
  alias: string;
  title: string;
  redirectType: RedirectType;
  splashId: number | null;
  overlayId: number | null;
  passwordHash: string | null;
  expiresAt: number | null;
  targets: LinkTargets;
  /**
   * The Location every visitor of a plain link gets (the long URL with its parameters, in its
   * ASCII form): set when the link targets nobody (no geo, device or language targets, no app
   * links), null when the target depends on the visitor. Made once here, not per redirect.
   */
  location: string | null;
}

export interface LinkResolverOptions {
  maxEntries?: number;
  missTtlMs?: number;
  clock?: () => number;
}

interface LinkRow extends TargetColumns {
  id: number;
  user_id: number;
  domain_id: number;
  alias: string;
  title: string;
  redirect_type: string;
  splash_id: number | null;
  overlay_id: number | null;
  password_hash: string | null;
  expires_at: number | null;
}

const COLUMNS = `id, user_id, domain_id, alias, title, redirect_type, splash_id, overlay_id, password_hash,
  expires_at, long_url, geotarget, devicetarget, languagetarget, deeplink, parameters`;

const REDIRECT_TYPES = new Set<string>(['direct', 'frame', 'splash', 'splash-page', 'overlay']);
const MAX_MISSES = 10_000;
/** How long an alias found missing is taken to be missing (unless a link changes first). */
export const MISS_TTL_MS = 1000;

/**
 * The cache key: the alias alone on the service's own host (no string built per redirect; an
 * alias never holds '/', so it cannot meet a branded domain's `<id>/<alias>`).
 */
const cacheKey = (domainId: number, alias: string): string => (domainId === 0 ? alias : `${domainId}/${alias}`);

/** A cached link, and whether it was visited since it was stored or given a second chance. */
interface Entry {
  link: ResolvedLink;
  visited: boolean;
}

export class LinkResolver {
  /** Oldest first (Map keeps insertion order). */
  private readonly links = new Map<string, Entry>();
  /** Link id → cache key, to drop a link by the id ctx.linkChanged gives. */
  private readonly keysById = new Map<number, string>();
  private readonly misses = new Map<string, number>();
  private readonly byAlias;
  private readonly maxEntries: number;
  private readonly missTtlMs: number;
  private readonly clock: () => number;

  private readonly byId;
  /** The store links are read through when there is no synchronous connection (PostgreSQL). */
  private readonly store: Store | null;
  /** Whether resolve() reads the database itself (SQLite), or only the cache (see the header). */
  readonly synchronous: boolean;
  /** Counts invalidations: a read that saw it change while waiting keeps nothing it read. */
  private changes = 0;
  /** Links changed while a PostgreSQL read was waiting (the prewarm leaves them out). */
  private readonly changedWhileReading = new Set<number>();
  private reading = 0;
  /** Reads under way by cache key: a cold cache under traffic reads each link once. */
  private readonly fetching = new Map<string, Promise<ResolvedLink | null>>();

  /** A SQLite connection (read synchronously) or a store (PostgreSQL, read by fetch()). */
  constructor(source: Db | Store, options: LinkResolverOptions = {}) {
    if ('prepare' in source) {
      this.byAlias = source.prepare(`SELECT ${COLUMNS} FROM links WHERE domain_id = ? AND alias = ?`);
      this.byId = source.prepare(`SELECT ${COLUMNS} FROM links WHERE id < ? ORDER BY id DESC LIMIT ?`);
      this.store = null;
    } else {
      this.byAlias = null;
      this.byId = null;
      this.store = source;
    }
    this.synchronous = this.byAlias !== null;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.missTtlMs = options.missTtlMs ?? MISS_TTL_MS;
    this.clock = options.clock ?? Date.now;
  }

  /** The link at `alias` on a domain (0: the service's own host), or null when there is none. */
  resolve(domainId: number, alias: string): ResolvedLink | null {
    const key = cacheKey(domainId, alias);
    const hit = this.links.get(key);
    if (hit) {
      if (!hit.visited) hit.visited = true;
      return hit.link;
    }
    const missUntil = this.misses.get(key);
    if (missUntil !== undefined) {
      if (missUntil > this.clock()) return null;
      this.misses.delete(key);
    }
    // PostgreSQL: not cached here; the caller awaits fetch().
    if (this.byAlias === null) return null;
    const row = this.byAlias.get(domainId, alias) as LinkRow | undefined;
    const link = row ? toResolved(row) : null;
    if (!link) {
      if (this.misses.size >= MAX_MISSES) this.misses.clear();
      this.misses.set(key, this.clock() + this.missTtlMs);
      return null;
    }
    this.keep(key, link);
    return link;
  }

  /** resolve() on SQLite; fetch() on PostgreSQL, unless the cache answers. */
  lookup(domainId: number, alias: string): ResolvedLink | null | Promise<ResolvedLink | null> {
    const link = this.resolve(domainId, alias);
    return link !== null || this.synchronous ? link : this.fetch(domainId, alias);
  }

  /**
   * The link at `alias`, read through the store when the cache does not hold it (PostgreSQL).
   * A link changed while the read waited is answered but not kept (the answer may be older
   * than the change), and neither is a miss.
   */
  fetch(domainId: number, alias: string): Promise<ResolvedLink | null> {
    const key = cacheKey(domainId, alias);
    const hit = this.links.get(key);
    if (hit) return Promise.resolve(hit.link);
    const missUntil = this.misses.get(key);
    if (missUntil !== undefined && missUntil > this.clock()) return Promise.resolve(null);
    if (this.store === null) return Promise.resolve(this.resolve(domainId, alias));
    let reading = this.fetching.get(key);
    if (!reading) {
      reading = this.read(key, domainId, alias).finally(() => this.fetching.delete(key));
      this.fetching.set(key, reading);
    }
    return reading;
  }

  private async read(key: string, domainId: number, alias: string): Promise<ResolvedLink | null> {
    const changes = this.changes;
    const row = await (this.store as Store).run(first(q<LinkRow>(`SELECT ${COLUMNS} FROM links WHERE domain_id = ? AND alias = ?`, domainId, alias)));
    const link = row ? toResolved(row) : null;
    if (changes !== this.changes) return link;
    if (link) this.keep(key, link);
    else {
      if (this.misses.size >= MAX_MISSES) this.misses.clear();
      this.misses.set(key, this.clock() + this.missTtlMs);
    }
    return link;
  }

  /**
   * Reads links into the cache before they are visited, newest first (the likeliest visited
   * when there are more links than the cache holds), `batch` rows per turn
   * of the event loop so that redirects answered meanwhile wait for one batch at most. A batch
   * is read and stored in one turn, so a change (ctx.linkChanged, same event loop) lands either
   * before its read or after its store, where invalidate() drops it. Links already cached are
   * left as they are; stops once the cache is full or `stopped()` says so. Answers how many it
   * stored.
   */
  async prewarm(options: { batch?: number; stopped?: () => boolean } = {}): Promise<number> {
    const batch = options.batch ?? 2_000;
    // Above every id (links.id is a 32-bit integer on PostgreSQL, which refuses a larger bound).
    let before = this.byId ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
    let stored = 0;
    for (;;) {
      if (options.stopped?.() || this.links.size >= this.maxEntries) return stored;
      const rows = this.byId ? (this.byId.all(before, batch) as LinkRow[]) : await this.readBatch(before, batch);
      for (const row of rows) {
        const key = cacheKey(row.domain_id, row.alias);
        if (this.links.has(key) || this.links.size >= this.maxEntries) continue;
        // PostgreSQL: changed while the batch was read, so the row may be older than the change.
        if (this.changedWhileReading.has(row.id)) continue;
        const link = toResolved(row);
        if (!link) continue;
        // The cache is not full (checked above), so storing evicts nothing a visitor asked for.
        this.keep(key, link);
        stored++;
      }
      if (this.reading === 0) this.changedWhileReading.clear();
      if (rows.length < batch) return stored;
      before = (rows[rows.length - 1] as LinkRow).id;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** A batch of the prewarm on PostgreSQL; changes that arrive meanwhile are remembered. */
  private async readBatch(before: number, batch: number): Promise<LinkRow[]> {
    this.reading++;
    try {
      return await (this.store as Store).run(all(q<LinkRow>(`SELECT ${COLUMNS} FROM links WHERE id < ? ORDER BY id DESC LIMIT ?`, before, batch)));
    } finally {
      this.reading--;
    }
  }

  /** Drops a changed or deleted link, and every remembered miss (it may have been created). */
  invalidate(linkId: number): void {
    this.changes++;
    if (this.reading > 0) this.changedWhileReading.add(linkId);
    const key = this.keysById.get(linkId);
    if (key !== undefined) {
      this.links.delete(key);
      this.keysById.delete(linkId);
    }
    this.misses.clear();
  }

  /** Drops every link (the change feed's reset); a read under way keeps nothing it read. */
  clear(): void {
    this.changes++;
    this.links.clear();
    this.keysById.clear();
    this.misses.clear();
  }

  get size(): number {
    return this.links.size;
  }

  private keep(key: string, link: ResolvedLink): void {
    // An alias moved to another link (delete + create without an event) must not leave a
    // stale id → key entry that would later drop the new link's entry.
    const previous = this.links.get(key);
    if (previous) {
      this.keysById.delete(previous.link.id);
      // Re-stored: it goes to the newest end, as a first store does.
      this.links.delete(key);
    }
    // Room is made before the new entry goes in, so the sweep never evicts the link stored now.
    else if (this.links.size > 0 && this.links.size >= this.maxEntries) this.evictOne();
    this.links.set(key, { link, visited: false });
    this.keysById.set(link.id, key);
  }

  /** Drops the oldest entry not visited since it was stored or last looked at here (see the header). */
  private evictOne(): void {
    for (;;) {
      const oldest = this.links.keys().next().value as string;
      const entry = this.links.get(oldest) as Entry;
      this.links.delete(oldest);
      if (!entry.visited) {
        if (this.keysById.get(entry.link.id) === oldest) this.keysById.delete(entry.link.id);
        return;
      }
      // A second chance: to the newest end, unmarked. Every entry is looked at at most once
      // before an unmarked one is found, so an eviction costs O(1) amortised.
      entry.visited = false;
      this.links.set(oldest, entry);
    }
  }
}

function toResolved(row: LinkRow): ResolvedLink | null {
  const targets = buildTargets(row);
  if (!targets) return null;
  return {
    id: row.id,
    userId: row.user_id,
    domainId: row.domain_id,
    alias: row.alias,
    title: row.title,
    redirectType: REDIRECT_TYPES.has(row.redirect_type) ? (row.redirect_type as RedirectType) : 'direct',
    splashId: row.splash_id,
    overlayId: row.overlay_id,
    passwordHash: row.password_hash,
    expiresAt: row.expires_at,
    targets,
    location: targetsNobody(targets) ? asciiLocation(targets.fallback) : null,
  };
}
