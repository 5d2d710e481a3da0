import type { MirrorLink } from '../../shared/models.js';
import { hostOf } from './dates.js';
import { LINK_COLUMNS, toMirrorLink, type LinkRow } from './link-rows.js';
import type { Sql } from './sqlite.js';

export interface ReuseQuery {
  /** The long URL about to be shortened. */
  url: string;
  /** The branded domain asked for (with or without its scheme); none: the service's own host. */
  domain?: string;
  /**
   * The custom alias asked for: then only the link with this alias (on that domain, to that URL)
   * is the same link — an import run again finds what its first run made.
   */
  alias?: string;
}

/** The URL as typed and as a URL parser writes it (`HTTPS://Example.com` → `https://example.com/`). */
function spellings(url: string): string[] {
  const typed = url.trim();
  try {
    const href = new URL(typed).href;
    return href === typed ? [typed] : [typed, href];
  } catch {
    return [typed];
  }
}

/**
 * A mirrored short link for the same long URL on the same domain, to offer instead of making a
 * duplicate. With a custom alias, only a link with that very alias counts (any other link to the
 * URL is not the one asked for: a custom alias is a new link by intent). Links known to be expired, password-protected, refused by the service or about to be
 * deleted are not offered. A confirmed link wins over a pending one; then the newest.
 */
export function findReusable(sql: Sql, query: ReuseQuery, nowText: string): MirrorLink | null {
  const urls = spellings(query.url);
  if (urls[0] === '') return null;
  // The service's own host: any host that is not a branded domain (the base URL's host is not
  // enough: behind a proxy the service writes short URLs on its own public host).
  const onDomain = query.domain
    ? { sql: 'l.domain = ?', params: [hostOf(query.domain)] }
    : { sql: "l.domain NOT IN (SELECT host FROM domains WHERE host <> '')", params: [] };
  const withAlias = query.alias ? { sql: ' AND l.alias = ?', params: [query.alias] } : { sql: '', params: [] };
  const row = sql.get<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM links l
     WHERE l.long_url IN (${urls.map(() => '?').join(', ')}) AND ${onDomain.sql}${withAlias.sql}
       AND l.failed IS NULL AND (l.pending IS NULL OR l.pending <> 'delete')
       AND (l.password IS NULL OR l.password = 0)
       AND NOT (l.expiry_known = 1 AND l.expiry IS NOT NULL AND l.expiry <= ?)
     ORDER BY l.id < 0, l.date DESC, l.id DESC LIMIT 1`,
    [...urls, ...onDomain.params, ...withAlias.params, nowText],
  );
  return row ? toMirrorLink(row, nowText) : null;
}
