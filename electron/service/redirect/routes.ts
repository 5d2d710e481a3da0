import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../client-address.js';
import type { ServiceContext } from '../context.js';
import { CampaignPages } from './campaign-pages.js';
import type { ClickCounts } from './click-recorder.js';
import { createClickRecorder } from './click-writer-thread.js';
import { PostgresClickRecorder } from './postgres-click-recorder.js';
import type { AddressLimiter } from '../address-limits.js';
import { createDirectRedirect, type DirectRedirect, type DirectRedirectParts } from './direct-redirect.js';
import { DomainResolver, type BrandedDomain } from './domain-resolver.js';
import { LinkResolver } from './link-resolver.js';
import { LinkVisits, referrerHost, sendPage, sendRedirect } from './link-visit.js';
import { notFoundPage, serviceHomePage } from './pages.js';
import { checkPassword } from './password-check.js';
import { PasswordThrottle } from './password-throttle.js';

type AliasRequest = FastifyRequest<{ Params: { alias: string } }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every click recorded so far is in the database (clicks are written in batches). */
    flushClicks(): Promise<void>;
    /** What the click recorder has done (metrics, readiness). */
    clickCounts(): Promise<ClickCounts>;
  }
}

/**
 * What makes short links work, on the ROOT app (outside /api, no key): `/<alias>` on the
 * service's own host and on branded domains (by Host header), the password form's POST, the
 * campaign rotator `/r/<slug>` and list page `/c/<id>`, and `/` itself.
 *
 * The `/<alias>` path is built for throughput: the domain and the link come from in-memory
 * caches, the User-Agent parse is cached, and the click is buffered and written in batches by
 * a worker thread (see click-recorder.ts for the durability trade-off). Plain 302s of
 * `/<alias>` do not even reach Fastify: the returned DirectRedirect answers them from the raw
 * request, with these same caches and visits (see direct-redirect.ts); the GET route below
 * answers the rest, and every request when the app gives no server to put it in front of.
 */
export function registerRedirectRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  pages: AddressLimiter,
  forwarded?: DirectRedirectParts['forwarded'],
): DirectRedirect {
  // The caches' time limits follow the service's clock (a test's own, or the wall clock).
  // SQLite: read synchronously on its connection. PostgreSQL: through the store, with the same
  // caches answering hits synchronously (link-resolver.ts, domain-resolver.ts).
  const source = ctx.db ?? ctx.store;
  const domains = new DomainResolver(source, ctx.now);
  const links = new LinkResolver(source, { clock: ctx.now });
  // PostgreSQL: a node holds at most ~1 s of clicks its database absorbs; past that a redirect
  // waits for room (postgres-click-recorder.ts): the direct path steps aside, the routes await.
  const pgClicks = ctx.db ? null : new PostgresClickRecorder(ctx.store);
  const clicks = pgClicks ?? createClickRecorder(ctx.db as NonNullable<typeof ctx.db>);
  const roomForClick = (then: () => void, reply: FastifyReply): void => {
    if (!pgClicks?.full) return then();
    pgClicks
      .room()
      .then(then)
      .catch((error: unknown) => void reply.send(error));
  };
  app.decorate('flushClicks', () => clicks.flush());
  app.decorate('clickCounts', () => clicks.counts());
  const visits = new LinkVisits(ctx, clicks);
  const campaigns = new CampaignPages(ctx, links, visits);
  const passwords = new PasswordThrottle(ctx.now);

  // The seam for changes: this node's links routes call ctx.linkChanged, and so does whatever
  // carries other nodes' changes on PostgreSQL (the change feed, database/change-feed.ts).
  const onLinkChanged = (linkId: number) => links.invalidate(linkId);
  ctx.linkChanged.add(onLinkChanged);
  const onDomainChanged = () => domains.invalidate();
  ctx.domainChanged?.add(onDomainChanged);
  const onCachesReset = () => {
    links.clear();
    domains.invalidate();
  };
  ctx.cachesReset?.add(onCachesReset);
  // PostgreSQL: the domains and the visitor salt are read before the service listens.
  app.addHook('onReady', async () => {
    await Promise.all([domains.start(), visits.ready()]);
  });
  // The links are read into the cache once the service listens, a batch per turn of the loop.
  let closing = false;
  app.addHook('onListen', async () => {
    // A failed read (the database closing) only leaves the cache to fill as links are visited.
    void links.prewarm({ stopped: () => closing }).catch(() => {});
  });
  app.addHook('onClose', async () => {
    closing = true;
    domains.stop();
    ctx.linkChanged.delete(onLinkChanged);
    ctx.domainChanged?.delete(onDomainChanged);
    ctx.cachesReset?.delete(onCachesReset);
    await clicks.close();
  });

  /** No such alias: a branded domain may send the visitor to its own 404 address. */
  const missing = (reply: FastifyReply, domain: BrandedDomain | null): void =>
    domain?.redirect404 ? sendRedirect(reply, domain.redirect404) : sendPage(reply, notFoundPage());

  // Handlers send and return nothing (see sendPage): no `return reply` anywhere here.
  /** The request's branded domain, then `then` (at once, unless PostgreSQL's domains are due a read). */
  const withDomain = (reply: FastifyReply, host: string | undefined, then: (domain: BrandedDomain | null) => void): void => {
    const domain = domains.current(host);
    if (domain instanceof Promise) domain.then(then).catch((error: unknown) => void reply.send(error));
    else then(domain);
  };

  /** GET /<alias> once the domain is known. */
  const serveAlias = (request: FastifyRequest, reply: FastifyReply, alias: string, domain: BrandedDomain | null): void => {
    const link = links.resolve(domain ? domain.id : 0, alias);
    if (link) {
      const served = visits.serve(request, reply, link);
      if (served) served.catch((error: unknown) => void reply.send(error));
    } else if (links.synchronous) missing(reply, domain);
    // PostgreSQL: not in the cache; read it (the reply is sent when it arrives).
    else {
      links
        .fetch(domain ? domain.id : 0, alias)
        .then((found) => (found ? visits.serve(request, reply, found) : missing(reply, domain)))
        .catch((error: unknown) => void reply.send(error));
    }
  };

  app.get('/', (request, reply) => {
    withDomain(reply, request.headers.host, (domain) => {
      if (!domain) sendPage(reply, serviceHomePage());
      else if (domain.redirectRoot) sendRedirect(reply, domain.redirectRoot);
      else sendPage(reply, notFoundPage());
    });
  });

  app.get('/:alias', (request: AliasRequest, reply) => {
    const { alias } = request.params;
    // `/api` itself is no short link: let it get the API's JSON "no endpoint" answer.
    if (alias === 'api') {
      reply.callNotFound();
      return;
    }
    const answer = () => {
      const domain = domains.current(request.headers.host);
      // No closure on SQLite's path: the answer comes at once.
      if (domain instanceof Promise) domain.then((d) => serveAlias(request, reply, alias, d)).catch((error: unknown) => void reply.send(error));
      else serveAlias(request, reply, alias, domain);
    };
    if (pgClicks?.full) roomForClick(answer, reply);
    else answer();
  });

  // The password form posts here (URL-encoded; JSON works too).
  app.post('/:alias', async (request: AliasRequest, reply) => {
    const { alias } = request.params;
    if (alias === 'api') {
      reply.callNotFound();
      return;
    }
    const domain = await domains.current(request.headers.host);
    const link = await links.lookup(domain ? domain.id : 0, alias);
    if (!link) return missing(reply, domain);
    if (link.passwordHash === null) return visits.serve(request, reply, link);
    // An expired link answers 410 whatever the password: a guess must learn nothing from it.
    if (visits.isExpired(link)) return visits.expired(reply);
    const throttled = passwords.begin(link.id, clientAddress(request));
    if ('retryAfterSeconds' in throttled) {
      ctx.metrics?.refused('password_guess');
      return visits.passwordThrottled(reply, throttled.retryAfterSeconds);
    }
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const password = body['password'];
    const ref = typeof body['ref'] === 'string' && /^[a-z0-9.:[\]-]{0,253}$/i.test(body['ref']) ? body['ref'].toLowerCase() : referrerHost(request.headers.referer);
    let accepted = false;
    try {
      accepted = typeof password === 'string' && password.length <= 1024 && (await checkPassword(password, link.passwordHash));
    } finally {
      throttled.attempt.finish(accepted);
    }
    if (!accepted) return visits.wrongPassword(reply, ref);
    return visits.serve(request, reply, link, { passwordAccepted: true, referrer: ref });
  });

  app.get('/r/:slug', (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    roomForClick(() => campaigns.rotate(request, reply, request.params.slug), reply);
  });

  app.get('/c/:id', (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    campaigns.list(reply, request.params.id);
  });

  const full = pgClicks ? () => pgClicks.full : undefined;
  return createDirectRedirect({ domains, links, visits, pages, now: ctx.now, countryHeader: ctx.countryHeader, forwarded, clicksFull: full });
}
