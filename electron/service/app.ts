import Fastify, { type ConnectionError, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceContext } from './context.js';
import { ApiError, badRequest, unprocessable } from './errors.js';
import { escapeHtml, htmlPage, sendHtml } from './html.js';
import { ADDRESS_LIMIT_DEFAULTS, createAddressLimits, RateLimitError, type AddressLimitOptions } from './address-limits.js';
import { createRateBudget } from './rate-limit-postgres.js';
import { registerAvatarRoute } from './routes/account.js';
import { registerApiRoutes } from './routes/index.js';
import type { DirectRedirect } from './redirect/direct-redirect.js';
import { registerRedirectRoutes } from './redirect/routes.js';
import { userIdForKeyWork } from './users.js';
import { all, run, text } from './database/work.js';
import { registerQrImageRoutes } from './qr/qr-image-routes.js';
import { registerVerifyRoutes } from './verify-route.js';
import { forwardedHeadersWarning } from './client-address.js';
import { PROBE_PATHS, registerProbeRoutes } from './health.js';
import type { ServiceMetrics } from './metrics.js';
import type { RegisteredRoute } from './openapi/document.js';
import { registerOpenApiRoutes } from './openapi/routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user of an /api request. */
    userId: number;
    /** The body as received, for idempotency hashing. */
    rawBody?: string;
    idempotency?: { key: string; hash: string };
  }
}

export const BODY_LIMIT = 1024 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface AppOptions {
  /** Requests per minute per key; 0 turns the limit off. */
  rateLimit: number;
  /** Limits per client address (bad keys, page floods, password-form floods). */
  addressLimits?: Partial<AddressLimitOptions>;
  /** Time limits of a connection, against clients that send slowly or never finish. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (addresses or CIDR ranges,
   * Fastify's trustProxy). Empty or absent: the socket's peer is the client, and forged
   * forwarding headers change nothing.
   */
  trustProxy?: string[];
  /** Serve ctx.metrics at /metrics on this app's port (--metrics); otherwise they are served elsewhere or not at all. */
  metricsRoute?: boolean;
  /** Where warnings go (console.error unless given). */
  log?: (message: string) => void;
}

/**
 * Safe defaults against slow or hostile clients: a request (1 MB at most) has 30 s to arrive,
 * its headers 10 s; an idle kept-alive connection closes after 5 s (Node's default, above the
 * 4 s after which fetch/undici stops reusing one).
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 5_000 };

/** Milliseconds, all above 0; headersMs ≤ requestMs (Node refuses otherwise). */
export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this (then 408 and close). */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
}

export function buildApp(ctx: ServiceContext, opts: AppOptions): FastifyInstance {
  const timeouts: ServerTimeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const httpOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the two timeouts above only this often (30 s by default, which would let
    // a 10 s headers timeout last 40 s).
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
  };
  // Plain redirects are answered before Fastify sees them (issue 15: see direct-redirect.ts);
  // set once the redirect routes exist, before the server listens.
  let direct: DirectRedirect | undefined;
  // Forwarding headers from an untrusted peer are said once in the log, whichever path answers:
  // the direct redirect reads them with its own headers, the listener below for the rest.
  const warnForwarded = forwardedHeadersWarning(opts.trustProxy, opts.log ?? console.error);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: false,
    // Closing cuts open connections (a client that went away mid-request would otherwise hold
    // close() open); buffered clicks are still written by the onClose hooks.
    forceCloseConnections: true,
    ...(opts.trustProxy?.length ? { trustProxy: opts.trustProxy } : {}),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // The server Fastify would make itself (its getServerInstance: the same options and
    // timeouts), with the direct redirect in front of Fastify's handler.
    serverFactory: (handler) => {
      const metrics = ctx.metrics;
      const toFastify = (request: IncomingMessage, response: ServerResponse) => {
        warnForwarded(request.socket.remoteAddress, request.rawHeaders);
        handler(request, response);
      };
      // With metrics, the direct redirect is timed and counted; without, it carries nothing.
      const listener: RequestListener = metrics
        ? (request, response) => {
            if (direct !== undefined) {
              const start = performance.now();
              if (direct(request, response)) return metrics.directRedirect((performance.now() - start) / 1000);
            }
            toFastify(request, response);
          }
        : (request, response) => {
            if (direct === undefined || !direct(request, response)) toFastify(request, response);
          };
      const server = createServer(httpOptions, listener);
      server.keepAliveTimeout = timeouts.keepAliveMs;
      server.requestTimeout = timeouts.requestMs;
      return server;
    },
  });
  app.decorateRequest('userId', 0);
  // Every route as registered (HEAD twins aside), for the OpenAPI document: openapi/document.ts.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  installBodyParsers(app);
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError instanceof RateLimitError) ctx.metrics?.refused(apiError.limit);
    sendError(request, reply, apiError);
  });
  if (ctx.metrics) countResponses(app, ctx.metrics);
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new ApiError(404, isApi(request) ? `There is no endpoint ${request.method} ${request.url.split('?')[0]}.` : 'This short link does not exist.')),
  );

  // One budget per key: in memory on SQLite, shared by every node through PostgreSQL.
  const limiter = createRateBudget(ctx.store, opts.rateLimit, ctx.now);
  const addressLimits = createAddressLimits({ ...ADDRESS_LIMIT_DEFAULTS, ...opts.addressLimits }, ctx.now);
  if (addressLimits.pages.enabled || addressLimits.passwordPosts.enabled) {
    // Short-link requests: a synchronous hook, the cheapest kind (every redirect passes here).
    app.addHook('onRequest', (request, _reply, done) => {
      if (isApi(request) || PROBE_PATHS.has(request.routeOptions.url ?? '')) return done();
      done(addressLimits.pageRequest(request, request.method === 'POST'));
    });
  }
  void app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        try {
          request.userId = await authenticate(ctx, request);
        } catch (error) {
          // A missing or wrong key counts against the sender's address; past the limit the
          // answer is 429 instead of 401.
          if (error instanceof ApiError && error.status === 401) addressLimits.countBadKey(request);
          throw error;
        }
        const taken = limiter.take(request.userId);
        // SQLite's answer is at once: no extra turn of the loop for it.
        const rate = taken instanceof Promise ? await taken : taken;
        reply.header('X-RateLimit-Limit', rate.limit);
        reply.header('X-RateLimit-Remaining', rate.remaining);
        reply.header('X-RateLimit-Reset', rate.reset);
        if (!rate.allowed) {
          throw new RateLimitError(`Too many requests: the limit is ${rate.limit} a minute. Try again in ${rate.retryAfter} seconds.`, rate.retryAfter, 'api_key_rate');
        }
      });
      // Clicks are written in batches up to a second after the visit: a read of the API sees
      // every visit answered before it (a person clicks their link, then opens its statistics).
      api.addHook('preHandler', async (request) => {
        if (request.method === 'GET') await api.flushClicks();
      });
      api.addHook('preHandler', async (request, reply) => replayIdempotent(ctx, request, reply));
      api.addHook('onSend', async (request, reply, payload) => {
        await rememberIdempotent(ctx, request, reply, payload);
        return payload;
      });
      registerApiRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  registerProbeRoutes(app, ctx, opts.metricsRoute ? ctx.metrics : undefined);
  registerAvatarRoute(app, ctx);
  registerVerifyRoutes(app, ctx);
  registerQrImageRoutes(app, ctx);
  registerOpenApiRoutes(app, ctx, routes);
  const directRedirect = registerRedirectRoutes(app, ctx, addressLimits.pages, warnForwarded);
  // Behind a trusted proxy the client's address is Fastify's to work out (X-Forwarded-For,
  // request.ip): every redirect then takes the Fastify route.
  if (!opts.trustProxy?.length) direct = directRedirect;

  // Every node purges; the statement is the same whichever runs it first.
  const purge = () => ctx.store.run(run(text`DELETE FROM idempotency WHERE created_at < ${ctx.now() - IDEMPOTENCY_TTL_MS}`)).catch(() => undefined);
  void purge();
  const timer = setInterval(() => void purge(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return app;
}

/** Every answer Fastify sends, by kind (API or short link) and status; the probes are not counted. */
function countResponses(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (!PROBE_PATHS.has(request.routeOptions.url ?? '')) metrics.response(isApi(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

const isApi = (request: FastifyRequest) => request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');

async function authenticate(ctx: ServiceContext, request: FastifyRequest): Promise<number> {
  const header = request.headers.authorization;
  if (!header) throw new ApiError(401, 'An API key is required: send it as "Authorization: Bearer <key>".');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError(401, 'The Authorization header must be "Bearer <key>".');
  const userId = await ctx.store.do(userIdForKeyWork(match[1] as string));
  if (userId === null) throw new ApiError(401, 'The API key is not valid.');
  return userId;
}

/**
 * Every body is read as text and parsed as JSON whatever its Content-Type says (clients of this
 * API are not consistent about it); an empty body is "no body". Forms posted by visitors of
 * short links (the password form) are read as URL-encoded.
 */
function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parseJson = (request: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) => {
    request.rawBody = body;
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch {
      done(badRequest('The request body is not valid JSON.'));
    }
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (isApi(request)) return parseJson(request, body as string, done);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => parseJson(request, body as string, done));
}

/**
 * Router failures: Fastify answers them in its own shape ({"error": "Bad Request", …}, echoing
 * the whole path) unless told otherwise.
 */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'A part of the address is longer than the 500 characters the service accepts.')
      : error.code === 'FST_ERR_BAD_URL'
        ? badRequest('The address contains a malformed %-escape (such as "%zz"); encode "%" as "%25".')
        : toApiError(error);
  void sendError(request, reply, apiError);
}

/**
 * Requests Node cannot parse (headers over 16 KB, bytes that are not HTTP) never reach a route;
 * they still get the API's JSON error, then the connection closes as Node's own handler does.
 */
function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are larger than the 16 KB the service accepts.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Try again.']
        : [400, 'The request is not valid HTTP.'];
  if (socket.writable) {
    const body = JSON.stringify({ error: 1, message });
    // A HEAD client reads no body: bytes after the head would be a broken next response.
    const raw: unknown = error.rawPacket;
    const head = Buffer.isBuffer(raw) && raw.toString('latin1', 0, 5) === 'HEAD ';
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroy();
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, 'The request body is larger than the 1 MB the service accepts.');
  if (e.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return new ApiError(400, 'The Content-Length header does not match the body.');
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ApiError(415, 'The Content-Type header is not a valid media type: send JSON with "Content-Type: application/json".');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(e.statusCode, 'The request could not be read. Check its headers and body.');
  }
  console.error('[service] unexpected error:', error);
  return new ApiError(500, 'The service failed to complete the request because of an internal error.');
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  reply.code(error.status);
  if (error instanceof RateLimitError) reply.header('Retry-After', error.retryAfter);
  if (isApi(request)) {
    // Real deployments answer a limit with {"error": 429, "message", "Retry-After"}, and
    // third-party clients test `error == 429`.
    const body = error instanceof RateLimitError ? { error: 429, message: error.message, 'Retry-After': error.retryAfter } : { error: 1, message: error.message, ...error.extra };
    return reply.type('application/json; charset=utf-8').send(body);
  }
  // Router pages (unknown paths, malformed addresses) carry the short links' page headers.
  sendHtml(reply, error.status, htmlPage(error.status === 404 ? 'Not found' : 'Error', `<h1>${escapeHtml(error.message)}</h1>`));
  return reply;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${request.rawBody ?? ''}`).digest('hex');
}

/** A repeated POST with the same Idempotency-Key and body within 24 hours gets the first answer. */
async function replayIdempotent(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const key = request.headers['idempotency-key'];
  if (request.method !== 'POST' || key === undefined) return;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw badRequest('The Idempotency-Key header must be between 1 and 255 characters.');
  }
  const hash = requestHash(request);
  const [row] = await ctx.store.run(
    all<{ request_hash: string; status: number; body: string }>(
      text`SELECT request_hash, status, body FROM idempotency WHERE user_id = ${request.userId} AND key = ${key} AND created_at >= ${ctx.now() - IDEMPOTENCY_TTL_MS}`,
    ),
  );
  if (!row) {
    request.idempotency = { key, hash };
    return;
  }
  if (row.request_hash !== hash) {
    throw unprocessable('This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  }
  return reply.code(row.status).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(row.body);
}

async function rememberIdempotent(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.idempotency || typeof payload !== 'string') return;
  // Server faults and rate limiting are not answers worth replaying: a retry should run again.
  if (reply.statusCode >= 500 || reply.statusCode === 429) return;
  const { key, hash } = request.idempotency;
  // An upsert both engines read alike (SQLite's INSERT OR REPLACE is not PostgreSQL's).
  await ctx.store.run(
    run(
      text`INSERT INTO idempotency (user_id, key, request_hash, status, body, created_at) VALUES (${request.userId}, ${key}, ${hash}, ${reply.statusCode}, ${payload}, ${ctx.now()})
        ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status, body = excluded.body, created_at = excluded.created_at`,
    ),
  );
}
