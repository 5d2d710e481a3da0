import type { EngineKind } from '../database/dialects.js';
import { q, type Build } from '../database/work.js';
import type { Paging } from '../format.js';

export interface ListQuery {
  paging: Paging;
  order: 'date' | 'click';
  /** Keyword over alias, long URL, title and note; '' for none. */
  q: string;
}

/** LIKE treats % and _ as wildcards: a keyword is matched literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The two statements of GET /api/urls (link-store.ts listLinks): the total, and one page of
 * summaries. Apart from the store so that a test can read the engines' plans of the very SQL.
 *
 * By clicks, the page is a walk of link_counts_user_clicks (user_id, clicks DESC, link_id DESC),
 * each row joined to its link by key: the owner is matched on the counters' user_id (the
 * link's, copied when the link was made) so that both engines start from that index and stop
 * after a page, whatever the number of links. By date, a walk of links_user_listed. The total
 * never needs the counters (links_user_listed answers it from the index alone).
 */
export function listStatements(kind: EngineKind, userId: number, query: ListQuery): { total: Build<{ n: number }>; page: Build<unknown> } {
  // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE does so for every letter.
  const like = `${kind === 'postgres' ? 'ILIKE' : 'LIKE'} ? ESCAPE '\\'`;
  const filter = (owner: string) =>
    query.q
      ? `WHERE ${owner} = ? AND l.qr_id IS NULL AND (l.alias ${like} OR l.long_url ${like} OR l.title ${like} OR l.note ${like})`
      : `WHERE ${owner} = ? AND l.qr_id IS NULL`;
  const args: unknown[] = query.q ? [userId, ...Array<string>(4).fill(likePattern(query.q))] : [userId];
  const from =
    query.order === 'click'
      ? `FROM link_counts c JOIN links l ON l.id = c.link_id LEFT JOIN domains d ON d.id = l.domain_id
         ${filter('c.user_id')} ORDER BY c.clicks DESC, c.link_id DESC`
      : `FROM links l LEFT JOIN link_counts c ON c.link_id = l.id LEFT JOIN domains d ON d.id = l.domain_id
         ${filter('l.user_id')} ORDER BY l.id DESC`;
  return {
    total: q<{ n: number }>(`SELECT COUNT(*) AS n FROM links l ${filter('l.user_id')}`, ...args),
    page: q(
      `SELECT l.id, l.alias, d.domain AS domain, l.long_url, COALESCE(c.clicks, 0) AS clicks, l.title, l.note, l.created_at
       ${from} LIMIT ? OFFSET ?`,
      ...args,
      query.paging.limit,
      query.paging.offset,
    ),
  };
}
