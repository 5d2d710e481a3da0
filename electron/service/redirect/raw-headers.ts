/**
 * The request headers a visit reads (visit-headers: user agent, country, languages, referrer,
 * host), taken from node:http's rawHeaders on the direct redirect's hot path instead of
 * `request.headers`, which node:http builds on first access (an object, every name
 * lower-cased): that object is work the same-work floor (issue 32, item 10) does not do.
 *
 * The values are exactly what `request.headers` would hold (Node 20's IncomingMessage
 * _addHeaderLine): names compared case-insensitively; for Host, User-Agent and Referer the
 * first value counts and repeats are dropped; any other header's repeats are joined with ", ".
 * The direct-redirect test compares every answer with the Fastify route's, which reads
 * `request.headers`.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** What countVisit() reads. `country` is the raw value of the country header. */
export interface VisitHeaders {
  userAgent: string | undefined;
  country: string | string[] | undefined;
  acceptLanguage: string | undefined;
  referer: string | undefined;
}

/** From a Fastify (or node:http) request's headers object. */
export function visitHeaders(headers: IncomingHttpHeaders, countryHeader: string): VisitHeaders {
  return {
    userAgent: headers['user-agent'],
    country: headers[countryHeader],
    acceptLanguage: headers['accept-language'],
    referer: headers.referer,
  };
}

/** Headers node:http keeps the first of (the others it joins). */
const FIRST_WINS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'referer',
  'host',
  'authorization',
  'proxy-authorization',
  'if-modified-since',
  'if-unmodified-since',
  'from',
  'location',
  'max-forwards',
  'retry-after',
  'etag',
  'last-modified',
  'server',
  'age',
  'expires',
]);

/** `name` (any case) is `lower` (lower-case ASCII). */
function named(name: string, lower: string): boolean {
  if (name.length !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90 ? c | 0x20 : c) !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** Whether node:http's rawHeaders (name, value, name, value…) hold `lower` (a lower-case name). */
export function hasRawHeader(raw: readonly string[], lower: string): boolean {
  for (let i = 0; i < raw.length; i += 2) if (named(raw[i] as string, lower)) return true;
  return false;
}

/** What the direct redirect reads: the visit's headers, Host, and whether it was forwarded. */
export interface RawVisitHeaderValues extends VisitHeaders {
  country: string | undefined;
  host: string | undefined;
  /** X-Forwarded-For or Forwarded is present (for the service's said-once warning). */
  forwarded: boolean;
}

/**
 * One reader per service (the country header's name is configurable). Each read answers a fresh
 * object: a young object costs less than storing the request's young strings into a
 * long-lived one, which V8 must record for the next scavenge (a write barrier per field).
 */
export class RawVisitHeaders {
  private readonly countryFirstWins: boolean;

  constructor(private readonly countryHeader: string) {
    this.countryFirstWins = FIRST_WINS.has(countryHeader);
  }

  read(raw: string[]): RawVisitHeaderValues {
    let userAgent: string | undefined;
    let country: string | undefined;
    let acceptLanguage: string | undefined;
    let referer: string | undefined;
    let host: string | undefined;
    let forwarded = false;
    const countryHeader = this.countryHeader;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i] as string;
      const value = raw[i + 1] as string;
      // The country header first: its name is configurable and may be any of the others.
      if (named(name, countryHeader)) {
        if (country === undefined) country = value;
        else if (!this.countryFirstWins) country += ', ' + value;
        continue;
      }
      switch (name.length) {
        case 4:
          if (host === undefined && named(name, 'host')) host = value;
          break;
        case 7:
          if (referer === undefined && named(name, 'referer')) referer = value;
          break;
        case 10:
          if (userAgent === undefined && named(name, 'user-agent')) userAgent = value;
          break;
        case 15:
          if (named(name, 'accept-language')) acceptLanguage = acceptLanguage === undefined ? value : acceptLanguage + ', ' + value;
          else if (named(name, 'x-forwarded-for')) forwarded = true;
          break;
        case 9:
          if (named(name, 'forwarded')) forwarded = true;
          break;
      }
    }
    return { userAgent, country, acceptLanguage, referer, host, forwarded };
  }
}
