/**
 * Prometheus metrics of the service (issue 32), through prom-client: the exposition format, the
 * histograms and the process metrics (CPU, memory, event-loop delay) come from the library.
 *
 * They exist only when asked for (--metrics or --metrics-listen): without them nothing here runs
 * and the redirect path carries no counting at all. With them, the direct redirect (the hot path,
 * direct-redirect.ts) costs one clock read, one increment and one histogram observation; its
 * count is folded into the labelled counter when Prometheus scrapes, not per redirect.
 */
import { existsSync, statSync } from 'node:fs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClickCounts } from './redirect/click-recorder.js';

/** The limits that refuse with 429, as the refusals counter labels them. */
export type LimitName = 'api_key_rate' | 'bad_key' | 'page' | 'password_post' | 'password_guess';


export interface MetricsSources {
  /** The database file (its -wal is added to its size). */
  databaseFile: string | null;
  /** The database's size when it is no file here (PostgreSQL: pg_database_size). */
  databaseBytes?: () => Promise<number>;
  clickCounts(): Promise<ClickCounts>;
}

/** Seconds, from 50 µs (a redirect answered from memory) to 2.5 s (a slow API request). */
const BUCKETS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly shortLinks: Counter<'status'>;
  private readonly api: Counter<'status'>;
  private readonly shortLinkSeconds: Histogram;
  private readonly apiSeconds: Histogram;
  private readonly refusals: Counter<'limit'>;
  /** 302s answered by the direct redirect, not yet folded into `shortLinks`. */
  private direct302 = 0;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    // prom-client calls collect() with the metric as `this`: the pending count is read through this.
    const takeDirect302 = () => {
      const n = this.direct302;
      this.direct302 = 0;
      return n;
    };
    this.shortLinks = new Counter({
      name: 'linkdeck_short_link_requests_total',
      help: 'Requests for short links (redirects and their pages, 404s and 429s included) by HTTP status.',
      labelNames: ['status'],
      registers,
      collect() {
        const n = takeDirect302();
        if (n > 0) this.inc({ status: '302' }, n);
      },
    });
    this.api = new Counter({ name: 'linkdeck_api_requests_total', help: 'Requests to /api by HTTP status.', labelNames: ['status'], registers });
    this.shortLinkSeconds = new Histogram({
      name: 'linkdeck_short_link_duration_seconds',
      help: 'Time from a short-link request read to its answer written, in seconds.',
      buckets: BUCKETS,
      registers,
    });
    this.apiSeconds = new Histogram({
      name: 'linkdeck_api_request_duration_seconds',
      help: 'Time from an /api request read to its answer written, in seconds.',
      buckets: BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'linkdeck_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a limit: api_key_rate (per key), bad_key, page, password_post (per address), password_guess (per link and address).',
      labelNames: ['limit'],
      registers,
    });
    // The three click figures come from one question to the writer per scrape.
    let counts: Promise<ClickCounts> | null = null;
    const clickCounts = () => (counts ??= sources.clickCounts().finally(() => setImmediate(() => (counts = null))));
    new Gauge({
      name: 'linkdeck_clicks_buffered',
      help: 'Clicks answered and waiting to be written to the database.',
      registers,
      async collect() {
        this.set((await clickCounts()).buffered);
      },
    });
    // Counters whose value the writer keeps: set at each scrape (reset, then the whole count).
    const clickCounter = (name: string, help: string, pick: (c: ClickCounts) => number) =>
      new Counter({
        name,
        help,
        registers,
        async collect() {
          const value = pick(await clickCounts());
          this.reset();
          this.inc(value);
        },
      });
    clickCounter('linkdeck_clicks_written_total', 'Clicks written to the database since the start.', (c) => c.written);
    clickCounter('linkdeck_clicks_waited_total', 'Requests that waited for the click writer to make room (PostgreSQL back-pressure: ~1 s of clicks held at most).', (c) => c.waited ?? 0);
    new Gauge({
      name: 'linkdeck_clicks_waiting',
      help: 'Requests waiting now for the click writer to make room (PostgreSQL back-pressure).',
      registers,
      async collect() {
        this.set((await clickCounts()).waiting ?? 0);
      },
    });
    clickCounter('linkdeck_clicks_dropped_total', 'Clicks dropped since the start, because the database refused writes for too long.', (c) => c.dropped);
    new Gauge({
      name: 'linkdeck_database_bytes',
      help: 'Size of the database file and its write-ahead log (SQLite), or of the database (PostgreSQL), in bytes.',
      registers,
      async collect() {
        if (sources.databaseBytes) return void this.set(await sources.databaseBytes());
        const file = sources.databaseFile;
        if (!file) return;
        const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
        this.set(size(file) + size(`${file}-wal`));
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'linkdeck_' });
    // prom-client names three gauges *_active_{handles,requests,resources}_total, which
    // `promtool check metrics` rejects (only counters end in _total). The same figures stay, by
    // type, in linkdeck_nodejs_active_{handles,requests,resources}{type}: sum() gives the totals.
    for (const kind of ['handles', 'requests', 'resources']) this.registry.removeSingleMetric(`linkdeck_nodejs_active_${kind}_total`);
  }

  /** A 302 of the direct redirect, answered in `seconds`. */
  directRedirect(seconds: number): void {
    this.direct302++;
    this.shortLinkSeconds.observe(seconds);
  }

  /** A request Fastify answered (a short link's or the API's). */
  response(api: boolean, status: number, seconds: number): void {
    const label = { status: String(status) };
    if (api) {
      this.api.inc(label);
      this.apiSeconds.observe(seconds);
    } else {
      this.shortLinks.inc(label);
      this.shortLinkSeconds.observe(seconds);
    }
  }

  refused(limit: LimitName): void {
    this.refusals.inc({ limit });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
