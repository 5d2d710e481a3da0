import pg from 'pg';
import { all, engine, q, type Work } from './work.js';
import type { Store } from './store.js';

/**
 * What one node changes, every other node hears: PostgreSQL's own LISTEN/NOTIFY on one channel.
 * A node that changes a link or a domain publishes its id (`link:42`, `domain:3`); every node's
 * feed (this one included) calls its handler, which drops that entry from the node's caches.
 *
 * Why NOTIFY: it is part of PostgreSQL (no broker to run), transactional (a notification sent
 * inside a transaction is delivered when it commits and never when it rolls back, so a cache is
 * never dropped for a change that did not happen, nor before the change is visible), and the
 * listeners hear within milliseconds. What it does not do is replay: a listener that was
 * disconnected misses what was sent meanwhile. So after every (re)connection the feed calls
 * onReset (drop every cache) before anything else, and a time-to-live the caller sets
 * (`ttlMs`: onReset on that period) bounds staleness even if a connection dies unnoticed;
 * a heartbeat query notices a dead connection within `heartbeatMs` (plus its timeout).
 *
 * The listener is its own client, not one of the pool's: LISTEN belongs to a session, and a
 * pooled client goes back to the pool and is handed to anyone.
 */

export const CHANGES_CHANNEL = 'linkdeck_changes';

/** Inside the caller's work (and its transaction, if any): tells every node that link `id` changed. A no-op on SQLite (one process). */
export function* linkChangedWork(id: number): Work<void> {
  yield* notifyWork(`link:${id}`);
}

/** The same for a domain (its host, root and 404 redirects). */
export function* domainChangedWork(id: number): Work<void> {
  yield* notifyWork(`domain:${id}`);
}

function* notifyWork(payload: string): Work<void> {
  if ((yield* engine()) !== 'postgres') return;
  yield* all(q('SELECT pg_notify(?, ?)', CHANGES_CHANNEL, payload));
}

/** Tells every node that link `linkId` changed (right after the change committed). */
export function publishLinkChanged(store: Store, linkId: number): Promise<void> {
  return store.run(linkChangedWork(linkId));
}

/** Tells every node that domain `domainId` changed. */
export function publishDomainChanged(store: Store, domainId: number): Promise<void> {
  return store.run(domainChangedWork(domainId));
}

export interface ChangeFeedHandlers {
  onLinkChanged(linkId: number): void;
  onDomainChanged(domainId: number): void;
  /** Drop every cached link and domain: the feed may have missed changes (connected anew, or the TTL ran out). */
  onReset(): void;
}

export interface ChangeFeedOptions {
  /** The safety net: onReset every this many ms (off when 0 or left out). */
  ttlMs?: number;
  /** A `SELECT 1` on the listening connection this often; one that fails or takes longer reconnects (default 10 s). */
  heartbeatMs?: number;
  /** Waits between reconnection attempts: first, doubled up to max (default 100 ms … 5 s). */
  retryMs?: { first: number; max: number };
  /** Told of each lost connection, failed attempt and throwing handler (the feed keeps going). */
  onError?(error: Error): void;
}

export interface ChangeFeed {
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;
  /** Whether the feed listens now (false while it reconnects). */
  readonly listening: boolean;
  /** The listening session's server process id (for operators and tests), or null while reconnecting. */
  backendPid(): number | null;
  /** Stops listening and reconnecting. */
  close(): Promise<void>;
}

/**
 * Listens on `pool`'s database with a dedicated connection made from the pool's own settings,
 * and keeps listening: a lost connection is made again (with backoff), then onReset is called.
 */
export function createChangeFeed(pool: pg.Pool, handlers: ChangeFeedHandlers, options: ChangeFeedOptions = {}): ChangeFeed {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const retry = options.retryMs ?? { first: 100, max: 5_000 };
  const report = (error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error)));
  // The pool's connection settings (URL, type parsers); the pool-only ones are ignored by a client.
  const settings = (pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let wait = retry.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const call = (handler: () => void) => {
    try {
      handler();
    } catch (error) {
      report(error);
    }
  };

  const dispatch = (message: pg.Notification) => {
    if (message.channel !== CHANGES_CHANNEL) return;
    const match = /^(link|domain):(\d+)$/.exec(message.payload ?? '');
    if (!match) return call(() => handlers.onReset()); // a payload from a newer node: safest to drop everything
    const id = Number(match[2]);
    call(() => (match[1] === 'link' ? handlers.onLinkChanged(id) : handlers.onDomainChanged(id)));
  };

  const lost = (from: pg.Client, error?: unknown) => {
    if (client !== from) return; // an old client's late events
    client = null;
    listening = false;
    if (error) report(error);
    from.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), wait);
    retryTimer.unref();
    wait = Math.min(wait * 2, retry.max);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...settings, keepAlive: true, query_timeout: heartbeatMs, application_name: 'linkdeck-change-feed' });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('The change feed lost its PostgreSQL connection.')));
    next.on('notification', dispatch);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next || closed) return;
    listening = true;
    wait = retry.first;
    // Whatever changed before this LISTEN (or while disconnected) was not heard: start clean.
    call(() => handlers.onReset());
    markReady();
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !listening) return;
    current.query('SELECT 1').catch((error: unknown) => lost(current, error));
  }, heartbeatMs);
  heartbeat.unref();
  const ttl = options.ttlMs ? setInterval(() => call(() => handlers.onReset()), options.ttlMs) : undefined;
  ttl?.unref();

  void connect();

  return {
    ready,
    get listening() {
      return listening;
    },
    backendPid: () => (listening && client ? (client as unknown as { processID: number }).processID : null),
    async close() {
      closed = true;
      listening = false;
      clearInterval(heartbeat);
      if (ttl) clearInterval(ttl);
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
