/**
 * Probes and metrics for whoever runs the service (issue 32):
 *  - GET /healthz: liveness, the process answers (nothing else is asked, so a slow database
 *    never gets a live process restarted);
 *  - GET /readyz: readiness, the database answers a query and the click writer keeps up (its
 *    last write succeeded, its backlog is under half of what it would hold before dropping);
 *  - GET /metrics: Prometheus metrics (metrics.ts), on the service's port with --metrics, or on
 *    a separate listener with --metrics-listen (then not on the service's port).
 * They are answered with their own JSON, outside /api (no key: probes and scrapers carry none),
 * and are neither counted in the metrics nor held to the per-address page limit.
 */
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceContext } from './context.js';
import type { ServiceMetrics } from './metrics.js';
import { MAX_PENDING } from './redirect/click-recorder.js';
import { first, text } from './database/work.js';

export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** How long the click writer may take to say how it is doing before it counts as stuck. */
const WRITER_ANSWER_MS = 2000;

/** Why the service is not ready, in words; empty when it is. */
export async function notReadyReasons(ctx: ServiceContext, app: FastifyInstance): Promise<string[]> {
  const reasons: string[] = [];
  try {
    // Through the store: SQLite's connection or a pooled PostgreSQL one (the same question).
    await ctx.store.run(first(text`SELECT 1 AS one`));
  } catch (error) {
    reasons.push(`The database does not answer: ${(error as Error).message}`);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WRITER_ANSWER_MS)));
  const counts = await Promise.race([app.clickCounts(), late]);
  clearTimeout(timer);
  if (counts === null) reasons.push(`The click writer did not answer within ${WRITER_ANSWER_MS / 1000} seconds.`);
  else {
    if (counts.failing) reasons.push('The click writer cannot write to the database (it keeps retrying).');
    if (counts.buffered >= MAX_PENDING / 2) reasons.push(`The click writer is behind: ${counts.buffered} clicks wait to be written.`);
  }
  return reasons;
}

export function registerProbeRoutes(app: FastifyInstance, ctx: ServiceContext, metricsHere: ServiceMetrics | undefined): void {
  const json = 'application/json; charset=utf-8';
  app.get('/healthz', (_request, reply) => {
    reply.header('cache-control', 'no-store').type(json).send({ status: 'ok' });
  });
  app.get('/readyz', async (_request, reply) => {
    const reasons = await notReadyReasons(ctx, app);
    reply.header('cache-control', 'no-store').type(json);
    return reasons.length ? reply.code(503).send({ status: 'not ready', reasons }) : reply.send({ status: 'ready' });
  });
  if (metricsHere) {
    app.get('/metrics', async (_request, reply) => {
      const { contentType, body } = await metricsHere.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  }
}

/**
 * /metrics on its own address (--metrics-listen), e.g. 127.0.0.1:9464 for a scraper on the same
 * host while the service's port faces the internet. Anything but GET /metrics is a 404.
 */
export async function listenForMetrics(metrics: ServiceMetrics, host: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is answered here.\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`The metrics could not be collected: ${(error as Error).message}\n`),
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.address.includes(':') ? `[${address.address}]` : address.address;
  return { server, url: `http://${shown}:${address.port}/metrics` };
}
