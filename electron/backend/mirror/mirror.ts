import { CLEARED_ON_UPDATE } from '../../shared/link-update.js';
import { trimWhenQuiet } from '../malloc-trim.js';
import type {
  Account,
  Campaign,
  Channel,
  ChannelItem,
  Domain,
  LinkFacets,
  LinkSnapshot,
  MirrorLink,
  MirrorLinkDetails,
  MirrorLinkPage,
  MirrorLinkQuery,
  MirrorList,
  OptionalCollection,
  Mirrored,
  Overlay,
  Pixel,
  QrCode,
  SplashPage,
  SyncCollection,
} from '../../shared/models.js';
import {
  CAMPAIGNS,
  CHANNELS,
  DOMAINS,
  OVERLAYS,
  PIXELS,
  readAccount,
  readChannelItems,
  readCollection,
  readOne,
  SPLASH_PAGES,
} from './collections.js';
import { hostOf, serviceDate } from './dates.js';
import { linkFacets } from './link-facets.js';
import { createLinkIndex } from './link-index.js';
import { queryLinks } from './link-query.js';
import { LINK_COLUMNS, toMirrorLink, type LinkRow } from './link-rows.js';
import { knownLinkFields, unknownOnUpdate, withKnownFields } from './link-known-fields.js';
import { readNotOffered } from './offered.js';
import { QRS } from './qr-codes.js';
import { originsOf } from './link-origins.js';
import { findReusable, type ReuseQuery } from './reuse.js';
import { readDetails, readSnapshots } from './snapshots.js';
import type { Sql } from './sqlite.js';
import { readState, writeState } from './sync-state.js';

/** What changed in the mirror, for views to refresh (pushed to the renderer as an event). */
export type MirrorTopic = SyncCollection | 'outbox';

export interface MirrorChange {
  topics: MirrorTopic[];
}

export interface MirrorClock {
  now(): number;
}

/** Details older than this are read again when a link is opened. */
export const DETAILS_MAX_AGE_MS = 5 * 60_000;

/**
 * The offline mirror of one profile: everything list and detail views show, read from SQLite
 * whether or not the service can be reached. Every answer says it came from the mirror and
 * when what it shows was last synced. Writers (sync, outbox) go through `write`, which runs
 * them in one transaction and then tells listeners what changed.
 */
export interface Mirror {
  readonly sql: Sql;

  /** A window of links: searched, filtered, sorted. */
  links(query?: MirrorLinkQuery): MirrorLinkPage;
  /** Counts per filter value (each facet under the search and the other filters). */
  facets(query?: MirrorLinkQuery): LinkFacets;
  link(id: number): MirrorLink | null;
  /** A link with its last details read and its statistics over time; null when not mirrored. */
  linkDetails(id: number, maxAgeMs?: number): MirrorLinkDetails | null;
  snapshots(id: number): LinkSnapshot[];
  /** A mirrored short link for the same long URL and domain (see reuse.ts), or null. */
  findReusable(query: ReuseQuery): MirrorLink | null;

  channels(): MirrorList<Channel>;
  channel(id: number): Mirrored<Channel> | null;
  channelItems(channelId: number): {
    items: ChannelItem[];
    source: 'mirror';
    syncedAt: number | null;
  };
  campaigns(): MirrorList<Campaign>;
  campaign(id: number): Mirrored<Campaign> | null;
  domains(): MirrorList<Domain>;
  domain(id: number): Mirrored<Domain> | null;
  pixels(): MirrorList<Pixel>;
  pixel(id: number): Mirrored<Pixel> | null;
  overlays(): MirrorList<Overlay>;
  splashPages(): MirrorList<SplashPage>;
  qrs(): MirrorList<QrCode>;
  qr(id: number): Mirrored<QrCode> | null;
  account(): { account: Account; source: 'mirror'; syncedAt: number } | null;

  /** Number of mirrored links (provisional ones included). */
  linkCount(): number;
  /**
   * Merges the search index's segments and refreshes the planner's statistics, after a bulk
   * load (first sync, a sweep): searches read one b-tree per term instead of dozens.
   */
  optimize(): void;

  /** When a collection was last synced completely; null: never. */
  syncedAt(collection: SyncCollection): number | null;
  markSynced(collection: SyncCollection, at: number): void;
  /** Sync's own facts (cursors), kept across restarts. */
  state<T>(key: string): T | undefined;
  setState(key: string, value: unknown): void;

  /** The host of short links on the service's own domain ('' until known). */
  serviceHost(): string;
  setServiceHost(host: string): void;

  /** Runs writes in one transaction, then tells listeners which topics changed. */
  write<T>(topics: readonly MirrorTopic[], fn: () => T): T;
  onChange(listener: (change: MirrorChange) => void): () => void;
  /** Grows with every write (cache key for answers that are costly to compute). */
  version(): number;
  /**
   * Resolves once the in-memory link index is current: it is built in the background after a
   * change, and until then searches, filters and facets are answered by SQL (slower, same rows).
   */
  linkIndexReady(): Promise<void>;
  /** Stops background work (the link index's builds); call before closing the connection. */
  dispose(): void;
  readonly clock: MirrorClock;
}

export interface MirrorOptions {
  /** The profile's base URL: its host is the host of short links without a branded domain. */
  baseUrl?: string;
}

export function createMirror(sql: Sql, clock: MirrorClock, options: MirrorOptions = {}): Mirror {
  const listeners = new Set<(change: MirrorChange) => void>();
  let version = 0;
  let pendingTopics = new Set<MirrorTopic>();
  let flushScheduled = false;
  let facetCache: { key: string; value: LinkFacets } | undefined;
  /** Searches, filters, facets and the clicks and title orders in memory (see link-index.ts). */
  const linkIndex = createLinkIndex(sql);

  if (options.baseUrl) {
    const host = hostOf(options.baseUrl);
    if (host && readState<string>(sql, 'service-host') !== host)
      writeState(sql, 'service-host', host);
  }

  const nowText = () => serviceDate(clock.now());
  const syncedAt = (collection: SyncCollection) =>
    readState<number>(sql, `synced:${collection}`) ?? null;
  const list = <T extends { id: number }>(
    collection: OptionalCollection,
    items: Mirrored<T>[],
  ): MirrorList<T> => {
    const notOffered = readNotOffered(sql, collection);
    return {
      items,
      source: 'mirror',
      syncedAt: syncedAt(collection),
      ...(notOffered ? { notOffered } : {}),
    };
  };

  // Listeners hear once per turn of the event loop, however many writes a sync page made.
  function flush(): void {
    flushScheduled = false;
    const topics = [...pendingTopics];
    pendingTopics = new Set();
    if (topics.length === 0) return;
    for (const listener of listeners) {
      try {
        listener({ topics });
      } catch {
        // A listener's fault must not break the writer.
      }
    }
  }

  const mirror: Mirror = {
    sql,
    clock,

    links(query = {}) {
      trimWhenQuiet();
      const now = nowText();
      const window = linkIndex.window(query, now) ?? queryLinks(sql, query, now);
      return { ...window, source: 'mirror', syncedAt: syncedAt('links') };
    },

    facets(query = {}) {
      trimWhenQuiet();
      const key = `${version}:${nowText().slice(0, 16)}:${JSON.stringify(query)}`;
      if (facetCache?.key === key) return facetCache.value;
      const value: LinkFacets = {
        ...(linkIndex.facets(query, nowText()) ?? linkFacets(sql, query, nowText())),
        source: 'mirror',
        syncedAt: syncedAt('links'),
      };
      facetCache = { key, value };
      return value;
    },

    link(id) {
      const row = sql.get<LinkRow>(`SELECT ${LINK_COLUMNS} FROM links l WHERE l.id = ?`, [id]);
      return row ? toMirrorLink(row, nowText()) : null;
    },

    linkDetails(id, maxAgeMs = DETAILS_MAX_AGE_MS) {
      const link = mirror.link(id);
      if (!link) return null;
      const read = readDetails(sql, id);
      const known = knownLinkFields(sql, id);
      return {
        link,
        details: read ? withKnownFields(read.details, known) : null,
        unknownOnUpdate: read ? unknownOnUpdate(known) : [...CLEARED_ON_UPDATE],
        origins: originsOf(sql, id),
        fetchedAt: read?.fetchedAt ?? null,
        snapshots: readSnapshots(sql, id),
        stale: read === null || clock.now() - read.fetchedAt > maxAgeMs,
        source: 'mirror',
        syncedAt: read?.fetchedAt ?? null,
      };
    },

    snapshots: (id) => readSnapshots(sql, id),

    findReusable: (query) => findReusable(sql, query, nowText()),

    channels: () => list('channels', readCollection(sql, CHANNELS)),
    channel: (id) => readOne(sql, CHANNELS, id),
    channelItems: (channelId) => ({
      items: readChannelItems(sql, channelId),
      source: 'mirror',
      syncedAt: syncedAt('channel-items'),
    }),
    campaigns: () => list('campaigns', readCollection(sql, CAMPAIGNS)),
    campaign: (id) => readOne(sql, CAMPAIGNS, id),
    domains: () => list('domains', readCollection(sql, DOMAINS)),
    domain: (id) => readOne(sql, DOMAINS, id),
    pixels: () => list('pixels', readCollection(sql, PIXELS)),
    pixel: (id) => readOne(sql, PIXELS, id),
    overlays: () => list('overlays', readCollection(sql, OVERLAYS)),
    splashPages: () => list('splash', readCollection(sql, SPLASH_PAGES)),
    qrs: () => list('qrs', readCollection(sql, QRS)),
    qr: (id) => readOne(sql, QRS, id),
    account() {
      const read = readAccount(sql);
      return read ? { account: read.account, source: 'mirror', syncedAt: read.fetchedAt } : null;
    },

    linkCount: () => sql.count('SELECT COUNT(*) AS n FROM links'),

    optimize() {
      sql.exec(`INSERT INTO links_fts (links_fts) VALUES ('optimize')`);
      sql.exec('PRAGMA optimize');
    },

    syncedAt,
    markSynced(collection, at) {
      writeState(sql, `synced:${collection}`, at);
    },
    state: (key) => readState(sql, key),
    setState: (key, value) => writeState(sql, key, value),

    serviceHost: () => readState<string>(sql, 'service-host') ?? '',
    setServiceHost(host) {
      if (host && host !== mirror.serviceHost()) writeState(sql, 'service-host', host);
    },

    write(topics, fn) {
      const result = sql.transaction(fn);
      version++;
      linkIndex.changed();
      for (const topic of topics) pendingTopics.add(topic);
      if (!flushScheduled && pendingTopics.size > 0) {
        flushScheduled = true;
        queueMicrotask(flush);
      }
      return result;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    version: () => version,
    linkIndexReady: () => linkIndex.ready(),
    dispose: () => linkIndex.close(),
  };
  return mirror;
}
