import type { Db } from './db.js';
import type { Store } from './database/store.js';
import type { ServiceMetrics } from './metrics.js';

/** What every part of the service shares: its database, its clock and how it is reached. */
export interface ServiceContext {
  /** Where every query runs: SQLite (synchronously) or PostgreSQL (database/store.ts). */
  store: Store;
  /**
   * The SQLite connection, when the service runs on SQLite: the redirect path reads it with
   * prepared statements, synchronously (its benchmarked fast path). Absent on PostgreSQL.
   */
  db?: Db;
  /** The service's own base URL (no trailing slash), known once it listens. */
  baseUrl(): string;
  now(): number;
  /** Header carrying the visitor's country (ISO alpha-2) from a trusted proxy, lower-case. */
  countryHeader: string;
  /** Called with a link id whenever a link is changed or deleted, so caches can drop it. */
  readonly linkChanged: Set<(linkId: number) => void>;
  /**
   * Called whenever a branded domain is added, changed or deleted, so the redirects' domain
   * cache reads them again (optional: contexts made without redirects have none).
   */
  readonly domainChanged?: Set<() => void>;
  /**
   * Called when this node's caches may hold anything stale (PostgreSQL: another node changed a
   * domain, or the change feed reconnected or reached its time-to-live): drop every cached link
   * and domain.
   */
  readonly cachesReset?: Set<() => void>;
  /**
   * PostgreSQL: tells every other node (the change feed, database/change-feed.ts) that a link or
   * domain changed, once the change committed. Absent on SQLite (one process).
   */
  publishChange?: (kind: 'link' | 'domain', id: number) => void;
  /** Prometheus metrics, when the service was started with them (--metrics, --metrics-listen). */
  metrics?: ServiceMetrics;
}

/** What database work that makes links and QR codes needs besides the store: the clock and the address. */
export type StoreContext = Pick<ServiceContext, 'baseUrl' | 'now'>;

/** A link changed or was deleted (called after the change committed): this node's caches, then every other node's. */
export function notifyLinkChanged(ctx: ServiceContext, linkId: number): void {
  for (const listener of ctx.linkChanged) listener(linkId);
  ctx.publishChange?.('link', linkId);
}

/** A domain was added, changed or deleted (after commit); `domainId` tells the other nodes which. */
export function notifyDomainChanged(ctx: ServiceContext, domainId: number): void {
  if (ctx.domainChanged) for (const listener of ctx.domainChanged) listener();
  ctx.publishChange?.('domain', domainId);
}
