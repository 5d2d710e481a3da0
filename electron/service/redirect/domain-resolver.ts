/**
 * Which branded domain a request is for, from its Host header. Domains are few and change
 * rarely, and the domains routes are not ours to instrument, so answers (found or not) are kept
 * for a short TTL rather than invalidated: a new, changed or deleted domain takes effect within
 * HOST_TTL_MS. Requests for any other host are for the service's own host (domain_id 0).
 *
 * On PostgreSQL (no synchronous connection) every domain is held in memory instead, read before
 * the service listens (start()) and again in the background every HOST_TTL_MS / 2 of wall time.
 * What was read is trusted for HOST_TTL_MS of the service's clock (`freshUntil`); past that,
 * or once this node changed a domain (invalidate(), through ctx.domainChanged), the direct
 * redirect leaves the request to the Fastify route, whose current() awaits a new read. So a
 * change made on any node is seen within HOST_TTL_MS, as on SQLite. A read that fails keeps the
 * last domains known for another HOST_TTL_MS (the database may be restarting: redirects go on).
 */
import type { Db } from '../db.js';
import type { Store } from '../database/store.js';
import { all, text } from '../database/work.js';
import { safeTarget } from './targeting.js';

export interface BrandedDomain {
  id: number;
  redirectRoot: string;
  redirect404: string;
}

export const HOST_TTL_MS = 2000;
/** Made-up Host headers must not grow the cache without bound. */
const MAX_HOSTS = 1000;

export class DomainResolver {
  private readonly cache = new Map<string, { domain: BrandedDomain | null; until: number }>();
  private readonly byHost;
  private readonly anyDomain;
  /** PostgreSQL: where every domain is read from, and what was read last (by host). */
  private readonly store: Store | null;
  private snapshot = new Map<string, BrandedDomain>();
  private timer: NodeJS.Timeout | undefined;
  /** Until when (service clock) what lookup() answers is current: always on SQLite. */
  freshUntil = Number.POSITIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private generation = 0;
  /** Whether the service has no branded domain at all, as last read, and until when that holds. */
  private none = false;
  private noneUntil = 0;

  /** A SQLite connection (read per look-up, as cached above) or a store (PostgreSQL, see the header). */
  constructor(
    source: Db | Store,
    private readonly clock: () => number = Date.now,
  ) {
    if ('prepare' in source) {
      this.byHost = source.prepare('SELECT id, redirect_root, redirect_404 FROM domains WHERE host = ?');
      this.anyDomain = source.prepare('SELECT EXISTS (SELECT 1 FROM domains) AS any');
      this.store = null;
    } else {
      this.byHost = null;
      this.anyDomain = null;
      this.store = source;
      // Until start() has read them: no domain, and not current; look-ups never read the database themselves.
      this.none = true;
      this.noneUntil = Number.POSITIVE_INFINITY;
      this.freshUntil = Number.NEGATIVE_INFINITY;
    }
  }

  /** PostgreSQL: reads the domains once, then every HOST_TTL_MS / 2 until stop(). Nothing on SQLite. */
  async start(): Promise<void> {
    if (!this.store) return;
    await this.refresh();
    const again = (): void => {
      this.timer = setTimeout(() => void this.refresh().finally(() => this.timer && again()), HOST_TTL_MS / 2);
      this.timer.unref();
    };
    again();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A domain was added, changed or deleted here: read again before answering (SQLite: forget the answers kept). */
  invalidate(): void {
    if (!this.store) {
      this.cache.clear();
      this.noneUntil = 0;
      return;
    }
    this.generation++;
    this.freshUntil = Number.NEGATIVE_INFINITY;
    void this.refresh();
  }

  /** lookup() once what it answers is current: at once on SQLite, after a read when PostgreSQL's is due. */
  current(hostHeader: string | undefined, now = this.clock()): BrandedDomain | null | Promise<BrandedDomain | null> {
    if (now < this.freshUntil) return this.lookup(hostHeader, now);
    return this.refresh().then(() => this.lookup(hostHeader));
  }

  /** Reads every domain (PostgreSQL); one read at a time, shared by whoever asks meanwhile. */
  private refresh(): Promise<void> {
    this.reading ??= this.reload().finally(() => (this.reading = null));
    return this.reading;
  }

  private async reload(): Promise<void> {
    const generation = this.generation;
    try {
      const rows = await (this.store as Store).run(all(text<DomainRow & { host: string }>`SELECT id, host, redirect_root, redirect_404 FROM domains`));
      const snapshot = new Map<string, BrandedDomain>();
      for (const row of rows) snapshot.set(row.host, branded(row));
      this.snapshot = snapshot;
      this.none = snapshot.size === 0;
      // Answers cached from the previous read must not outlive it.
      this.cache.clear();
    } catch {
      // Kept as they were (see the header); tried again on the next turn.
    }
    // A change made here while the read was under way may be missing from it: not current yet.
    if (generation === this.generation) this.freshUntil = this.clock() + HOST_TTL_MS;
    else void Promise.resolve().then(() => this.refresh());
  }

  /** The branded domain a Host header names, or null for the service's own host. `now`: this clock's time, when the caller has it. */
  lookup(hostHeader: string | undefined, now = this.clock()): BrandedDomain | null {
    if (!hostHeader) return null;
    // Without any branded domain (a local workspace, most services) every host is the own one:
    // no look-up of the Host header per redirect, and the same HOST_TTL_MS for a new domain.
    if (now >= this.noneUntil) {
      this.none = ((this.anyDomain as NonNullable<typeof this.anyDomain>).get() as { any: number }).any === 0;
      this.noneUntil = now + HOST_TTL_MS;
    }
    if (this.none) return null;
    const cached = this.cache.get(hostHeader);
    if (cached && cached.until > now) return cached.domain;
    const domain = this.query(hostHeader);
    if (this.cache.size >= MAX_HOSTS) this.cache.clear();
    this.cache.set(hostHeader, { domain, until: now + HOST_TTL_MS });
    return domain;
  }

  /** Stored hosts are lower-case; one stored with a port matches only requests with that port. */
  private query(hostHeader: string): BrandedDomain | null {
    const host = hostHeader.trim().toLowerCase();
    if (host.length === 0 || host.length > 300) return null;
    const withoutPort = stripPort(host);
    return this.row(host) ?? (withoutPort !== host ? this.row(withoutPort) : null);
  }

  private row(host: string): BrandedDomain | null {
    if (this.byHost === null) return this.snapshot.get(host) ?? null;
    const row = this.byHost.get(host) as DomainRow | undefined;
    return row ? branded(row) : null;
  }
}

interface DomainRow {
  id: number;
  redirect_root: string;
  redirect_404: string;
}

// Stored as validated web URLs; checked again since they go into a Location header.
const branded = (row: DomainRow): BrandedDomain => ({ id: row.id, redirectRoot: safeTarget(row.redirect_root) ?? '', redirect404: safeTarget(row.redirect_404) ?? '' });

export function stripPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(0, end + 1) : host;
  }
  const colon = host.lastIndexOf(':');
  return colon > 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
