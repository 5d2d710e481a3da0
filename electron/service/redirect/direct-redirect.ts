/**
 * The hot path of short links (issue 15): a plain 302 for `GET`/`HEAD /<alias>`, answered from
 * the raw node:http request, in front of Fastify. Fastify's request and reply objects, router
 * and hooks cost more than the redirect itself (measured with `npm run bench:service`), and a
 * redirect needs none of them.
 *
 * It answers only what it can answer exactly as the Fastify routes would (redirect/routes.ts and
 * LinkVisits.serve: same link, same target, same headers, same click, the same per-address page
 * limit); for everything else it answers nothing and Fastify takes the request as before: the
 * API, pages (password, expired, frame, splash, overlay), unknown aliases (the 404 page or a
 * domain's 404 address), paths with %-escapes or other characters (the router's 400/414
 * answers and decoding), reserved first segments, POST, and a request over the page limit (the
 * limiter refuses it again there and the 429 page is answered in one place).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressLimiter } from '../address-limits.js';
import type { DomainResolver } from './domain-resolver.js';
import type { LinkResolver } from './link-resolver.js';
import type { LinkVisits } from './link-visit.js';
import { asciiLocation } from './location.js';
import { RawVisitHeaders } from './raw-headers.js';

/** Answers the request and says true, or leaves it untouched and says false. */
export type DirectRedirect = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Characters of an alias (links/aliases.ts): A-Z, a-z, 0-9, '_' and '-'. */
function aliasChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/**
 * The alias of `/<alias>` with an optional trailing slash (Fastify's ignoreTrailingSlash) and
 * query string (not part of the route), or undefined. Aliases are made of these characters only
 * (links/aliases.ts), so nothing here needs decoding; anything else goes to Fastify's router.
 * A scan of the characters rather than a regular expression: no match array per redirect.
 */
export function aliasOfPath(url: string): string | undefined {
  if (url.charCodeAt(0) !== 47) return undefined;
  let end = 1;
  while (end < url.length && end <= 65 && aliasChar(url.charCodeAt(end))) end++;
  if (end === 1 || end > 65) return undefined;
  let rest = end;
  if (url.charCodeAt(rest) === 47) rest++;
  return rest === url.length || url.charCodeAt(rest) === 63 ? url.slice(1, end) : undefined;
}

/**
 * First segments of other routes (`/api…`, `/r/<slug>`, `/c/<id>`, `/avatar/<file>`, the probes
 * and metrics of health.ts, which a link made before they existed must not shadow): with a
 * trailing slash the router may pick those; without one `/api` is the API's 404. Left to Fastify.
 */
const OTHER_ROUTES: ReadonlySet<string> = new Set(['api', 'r', 'c', 'avatar', 'healthz', 'readyz', 'metrics']);

export interface DirectRedirectParts {
  domains: DomainResolver;
  links: LinkResolver;
  visits: LinkVisits;
  /** The short-link page limit per address (the same limiter as Fastify's onRequest hook). */
  pages: AddressLimiter;
  now: () => number;
  /** The trusted country header's name, lower-case (ServiceContext.countryHeader). */
  countryHeader: string;
  /**
   * Told of a request that carries X-Forwarded-For or Forwarded (the service's said-once
   * warning, client-address.ts): the header scan it needs is part of this path's own.
   */
  forwarded?: (peer: string, rawHeaders: readonly string[]) => void;
  /**
   * PostgreSQL: whether the click recorder holds its bound of un-written clicks; then the
   * request goes to the Fastify route, which waits for room (postgres-click-recorder.ts).
   */
  clicksFull?: () => boolean;
}

export function createDirectRedirect({ domains, links, visits, pages, now, countryHeader, forwarded, clicksFull }: DirectRedirectParts): DirectRedirect {
  // The visit's headers from rawHeaders, not request.headers (see raw-headers.ts).
  const raw = new RawVisitHeaders(countryHeader);
  return (request, response) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const alias = aliasOfPath(request.url ?? '');
    if (alias === undefined || OTHER_ROUTES.has(alias)) return false;
    if (clicksFull?.()) return false;
    // Without --trust-proxy (the only case this runs in) the peer is the client (clientAddress).
    const address = request.socket.remoteAddress;
    if (address === undefined) return false;
    const headers = raw.read(request.rawHeaders);
    if (headers.forwarded) forwarded?.(address, request.rawHeaders);
    // One clock reading for the domain cache, the link's expiry, the limit and the click.
    const at = now();
    // PostgreSQL: domains read too long ago are read again on the Fastify route (SQLite: never).
    if (at >= domains.freshUntil) return false;
    const domain = domains.lookup(headers.host, at);
    const link = links.resolve(domain ? domain.id : 0, alias);
    // Pages (and a target chosen among app links, which LinkVisits.serve decides) stay on Fastify.
    if (link === null || link.redirectType !== 'direct' || link.passwordHash !== null || visits.isExpired(link, at)) return false;
    // Counted only when answered here: a refused request is not counted, so Fastify's hook
    // refuses it again and answers the 429 page.
    if (pages.take(address, at) > 0) return false;
    // A plain link's Location was made when it was cached; a targeted link's is chosen now.
    let location = link.location;
    if (location === null) location = asciiLocation(visits.countVisit(link, method, headers, address, at).url);
    else visits.countPlainVisit(link, method, headers, address, at);
    // The headers Fastify's sendRedirect gives (no-store: every visit must reach us). An object
    // of one shape: node:http reads it faster than the flat array form.
    response.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': '0' });
    response.end();
    return true;
  };
}
