import type { AddressInfo } from 'node:net';
import { ADDRESS_LIMIT_DEFAULTS, type AddressLimitOptions } from './address-limits.js';
import { buildApp, DEFAULT_TIMEOUTS, type ServerTimeouts } from './app.js';
import type { ServiceContext } from './context.js';
import { retargetQrFiles } from './qr/qr-image-routes.js';
import { DB_FILE, openDatabase } from './db.js';
import { PostgresStore, sqliteStore, type Store } from './database/store.js';
import { createChangeFeed, publishDomainChanged, publishLinkChanged, type ChangeFeed } from './database/change-feed.js';
import { openPostgres } from './database/postgres-open.js';
import { first, text } from './database/work.js';
import { runningServiceMessage, takeDataLock } from './data-lock.js';
import { ApiError } from './errors.js';
import { listenForMetrics } from './health.js';
import { ServiceMetrics } from './metrics.js';
import { keepTickObjectShape } from './tick-objects.js';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { createUserIn, listUsersIn } from './users.js';

export interface ServiceOptions {
  /**
   * Where the SQLite file lives; created if missing. Not used on PostgreSQL (`database`): every
   * piece of the service's data is then in the database (QR images are drawn on request).
   */
  dataDir?: string;
  /**
   * A PostgreSQL connection URL (postgres://user:password@host:5432/name): the service runs on
   * that database instead of the SQLite file in dataDir, and any number of services may share it.
   */
  database?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Address to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Requests per minute per API key (default 30); 0 turns the limit off. */
  rateLimit?: number;
  /** Base URL of short links when the service sits behind a proxy; else http://host:port. */
  publicUrl?: string;
  /** Trusted header with the visitor's ISO country code (default CF-IPCountry). */
  countryHeader?: string;
  /** Email of the user created on the first start with an empty database. */
  firstUserEmail?: string;
  /** Limits per client address (defaults in ADDRESS_LIMIT_DEFAULTS; 0 turns one off). */
  addressLimits?: Partial<AddressLimitOptions>;
  /** Connection time limits in milliseconds (defaults in SERVER_DEFAULTS). */
  timeouts?: Partial<ServerTimeouts>;
  /** Open connections at most; more are closed at once (default 512). */
  maxConnections?: number;
  /** Reverse proxies whose forwarding headers are believed (see AppOptions.trustProxy); none by default. */
  trustProxy?: string[];
  /**
   * Prometheus metrics (off when absent): at /metrics on the service's port (`servicePort`), or
   * on a listener of their own (`listen`), or both.
   */
  metrics?: { servicePort?: boolean; listen?: { host: string; port: number } };
  /** Where warnings go (console.error unless given). */
  log?: (message: string) => void;
  /** Clock for tests. */
  now?: () => number;
}

/**
 * Safe defaults against slow or hostile clients: the timeouts of DEFAULT_TIMEOUTS; 512
 * connections are far above what the app's sync opens and low enough to keep file
 * descriptors for the database.
 */
export const SERVER_DEFAULTS = { timeouts: DEFAULT_TIMEOUTS, maxConnections: 512 };

export interface RunningService {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  /** The API key of the user created by this start, when the database was new. */
  firstApiKey?: string;
  /** Where the metrics are served (options.metrics), as the service listens (not the public URL). */
  metricsUrl?: string;
  /**
   * Resolves once the clicks of every redirect answered so far are in the database: they are
   * written in batches, shortly after the redirect.
   */
  flushClicks(): Promise<void>;
  /** Stops accepting requests, finishes pending writes and closes the database. */
  close(): Promise<void>;
}

/** How long a start waits for the change feed's first LISTEN. */
const FEED_START_LIMIT_MS = 15_000;

export async function startService(options: ServiceOptions): Promise<RunningService> {
  // Before any traffic: every redirect's nextTicks stay on V8's fast path (see tick-objects.ts).
  await keepTickObjectShape();
  const opened = await openEngine(options);
  const { db, store } = opened;
  let feed: ChangeFeed | undefined;
  const closeEngine = async () => {
    await feed?.close();
    await opened.close();
  };
  const now = options.now ?? Date.now;

  let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const ctx: ServiceContext = {
    ...(db ? { db } : {}),
    store,
    baseUrl: () => baseUrl,
    now,
    countryHeader: (options.countryHeader ?? 'cf-ipcountry').toLowerCase(),
    linkChanged: new Set(),
    domainChanged: new Set(),
    cachesReset: new Set(),
  };
  const log = options.log ?? ((message: string) => console.error(message));
  if (store instanceof PostgresStore) {
    // What another node changes reaches this node's caches through PostgreSQL's LISTEN/NOTIFY.
    feed = listenForChanges(store, ctx, log);
    // Listening before serving: a node that answers has heard every change made after it started.
    // Bounded: a server that takes connections but never lets this one LISTEN (its connection
    // limit reached) is a start that fails in words, not one that hangs.
    let timer: NodeJS.Timeout | undefined;
    const heard = await Promise.race([
      feed.ready.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), FEED_START_LIMIT_MS))),
    ]);
    clearTimeout(timer);
    if (!heard) {
      await closeEngine();
      throw new Error(`PostgreSQL took no LISTEN from this node within ${FEED_START_LIMIT_MS / 1000} s (is its max_connections reached?); nodes need it to see each other's changes.`);
    }
  }
  const wantMetrics = options.metrics && (options.metrics.servicePort || options.metrics.listen);
  if (wantMetrics) {
    // The app is made below; the metrics ask it only when scraped.
    ctx.metrics = new ServiceMetrics({
      databaseFile: db && options.dataDir ? join(options.dataDir, DB_FILE) : null,
      ...(db ? {} : { databaseBytes: () => databaseBytes(store) }),
      clickCounts: () => app.clickCounts(),
    });
  }
  const timeouts: ServerTimeouts = { ...SERVER_DEFAULTS.timeouts, ...options.timeouts };
  if (timeouts.headersMs > timeouts.requestMs) {
    await closeEngine();
    throw new RangeError('The headers timeout must not be longer than the request timeout.');
  }
  const app = buildApp(ctx, {
    rateLimit: options.rateLimit ?? 30,
    addressLimits: { ...ADDRESS_LIMIT_DEFAULTS, ...options.addressLimits },
    timeouts,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    metricsRoute: options.metrics?.servicePort === true,
    ...(options.log ? { log: options.log } : {}),
  });
  app.server.maxConnections = options.maxConnections ?? SERVER_DEFAULTS.maxConnections;
  const host = options.host ?? '127.0.0.1';
  let metricsServer: { server: Server; url: string } | undefined;
  try {
    await app.listen({ port: options.port ?? 0, host }).catch((error: unknown) => {
      throw Object.assign(error as Error, { listener: 'service' });
    });
    const listen = options.metrics?.listen;
    if (ctx.metrics && listen) {
      // Tagged, so the command line names the flag that chose the taken port (--metrics-listen).
      metricsServer = await listenForMetrics(ctx.metrics, listen.host, listen.port).catch((error: unknown) => {
        throw Object.assign(error as Error, { listener: 'metrics' });
      });
    }
  } catch (error) {
    // Stop the click writer and the timers first: they hold the database open.
    await app.close();
    await closeEngine();
    throw error;
  }
  // The first user is made only once the ports are bound: a start that fails before (a port
  // taken) must not leave a user whose key nobody was shown; the next start makes and prints it.
  let firstApiKey: string | undefined;
  // (On PostgreSQL two nodes starting on a new database may both find it empty: the second
  // one's user is refused as a duplicate e-mail, and it starts without printing a key.)
  if ((await listUsersIn(store)).length === 0) {
    try {
      firstApiKey = (await createUserIn(store, options.firstUserEmail ?? 'you@localhost', now())).apiKey;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
  const { port } = app.server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  if (!baseUrl) baseUrl = `http://${shownHost}:${port}`;
  await retargetQrFiles(ctx);
  const metricsUrl = metricsServer?.url ?? (options.metrics?.servicePort && ctx.metrics ? `http://${shownHost}:${port}/metrics` : undefined);

  let closed: Promise<void> | undefined;
  return {
    url: baseUrl,
    port,
    ...(firstApiKey ? { firstApiKey } : {}),
    ...(metricsUrl ? { metricsUrl } : {}),
    flushClicks: () => app.flushClicks(),
    close: () =>
      (closed ??= (async () => {
        if (metricsServer) {
          const { server } = metricsServer;
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeAllConnections();
          await stopped;
        }
        await app.close();
        await closeEngine();
      })()),
  };
}

/**
 * The safety net under the change feed: every node drops its cached links and domains this often,
 * so a change is served everywhere within this time even if a notification was never heard.
 */
export const CHANGE_FEED_TTL_MS = 60_000;

/**
 * PostgreSQL: other nodes' changes drop this node's cached entries (a link by its id; a domain,
 * or a reconnection or the TTL, every link and domain), and this node's own changes are
 * published to them (ctx.publishChange, called by notifyLinkChanged/notifyDomainChanged right
 * after the change committed; a publish that fails is logged, and the TTL bounds what it missed).
 */
function listenForChanges(store: PostgresStore, ctx: ServiceContext, log: (message: string) => void): ChangeFeed {
  const resetCaches = () => {
    for (const listener of ctx.cachesReset ?? []) listener();
  };
  const feed = createChangeFeed(
    store.pool,
    {
      // Only this node's listeners: notifyLinkChanged would publish the change again.
      onLinkChanged: (linkId) => {
        for (const listener of ctx.linkChanged) listener(linkId);
      },
      onDomainChanged: resetCaches,
      onReset: resetCaches,
    },
    { ttlMs: CHANGE_FEED_TTL_MS, onError: (error) => log(`The change feed between nodes: ${error.message}`) },
  );
  ctx.publishChange = (kind, id) => {
    const published = kind === 'link' ? publishLinkChanged(store, id) : publishDomainChanged(store, id);
    published.catch((error: unknown) => log(`A change could not be published to the other nodes (they see it within ${CHANGE_FEED_TTL_MS / 1000} s): ${(error as Error).message}`));
  };
  return feed;
}

interface OpenEngine {
  db?: ReturnType<typeof openDatabase>;
  store: Store;
  close(): Promise<void>;
}

/**
 * The database the service runs on. SQLite: the file in dataDir, held by the data lock (one
 * service per folder: two would each keep clicks and caches the other never sees). PostgreSQL:
 * a pool, the schema brought up to date (nodes starting together take turns, migrate.ts), and no
 * lock: any number of nodes share the database.
 */
async function openEngine(options: ServiceOptions): Promise<OpenEngine> {
  if (options.database !== undefined) return openPostgres(options.database);
  if (!options.dataDir) throw new ApiError(400, 'The service needs a data folder (dataDir) or a PostgreSQL database (database).');
  const dataDir = options.dataDir;
  const lock = takeDataLock(dataDir);
  if (!lock) throw new ApiError(409, `Another ${runningServiceMessage(dataDir).replace(/^A /, '')}`);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    db,
    store: sqliteStore(db),
    close: async () => {
      db.close();
      lock.release();
    },
  };
}

/** The database's size on PostgreSQL (the metrics' linkdeck_database_bytes). */
async function databaseBytes(store: Store): Promise<number> {
  const row = await store.run(first<{ bytes: number }>(text`SELECT pg_database_size(current_database()) AS bytes`));
  return row?.bytes ?? 0;
}

/**
 * The app's own local workspace (the desktop app and the web shell start it): no per-key rate
 * limit, and loopback clients, the app's own client on this computer, not held to the
 * per-address limits. A standalone service counts loopback like any other address.
 */
export function startWorkspaceService(options: ServiceOptions): Promise<RunningService> {
  return startService({ ...options, rateLimit: 0, addressLimits: { ...options.addressLimits, limitLoopback: false } });
}
