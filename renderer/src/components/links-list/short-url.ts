/**
 * A short URL as the list shows it: the host small (it is the same on most rows and may be cut),
 * the alias whole (it is what tells links apart). The scheme is left out, as Dub does; the
 * whole URL stays in the cell's tooltip and in what is copied.
 */
export interface ShortUrlParts {
  /** `127.0.0.1:5123/` or `go.brand.test/`: host, port and any path before the alias, with the slash. */
  host: string;
  /** The host's name (may be cut where the cell is narrow). */
  hostname: string;
  /**
   * `:5123/`: the port and what follows it, never cut: the one part that tells two local services
   * apart (issue 37); just the slash (and any path) on a host without a port.
   */
  port: string;
  /** `spring-sale`: the last path segment (with a query or fragment, if the service adds one). */
  alias: string;
}

/** Splits a short URL without parsing it (a row is drawn often: two index lookups, no URL object). */
export function shortUrlParts(shortUrl: string): ShortUrlParts {
  const scheme = shortUrl.indexOf('://');
  let rest = scheme >= 0 ? shortUrl.slice(scheme + 3) : shortUrl;
  // `host/alias/`: the alias is the segment before the trailing slash.
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  const slash = rest.lastIndexOf('/');
  // No path at all: there is no alias to keep whole, the host is the whole label.
  if (slash < 0) return { host: '', hostname: '', port: '', alias: rest };
  const host = rest.slice(0, slash + 1);
  const firstSlash = host.indexOf('/');
  const colon = host.lastIndexOf(':', firstSlash);
  const cut = colon > 0 && /^:\d+\//.test(host.slice(colon)) ? colon : firstSlash;
  return { host, hostname: host.slice(0, cut), port: host.slice(cut), alias: rest.slice(slash + 1) };
}
