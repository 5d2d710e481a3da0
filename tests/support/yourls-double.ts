/**
 * A scripted YOURLS that answers `yourls-api.php` as YOURLS's source does (includes/functions.php
 * `yourls_get_stats`, includes/functions-api.php, includes/functions-auth.php):
 * - `action=stats&filter=last|top&limit=&start=&format=json` → `{ links: { link_1: { shorturl,
 *   url, title, timestamp, ip, clicks } … }, stats: { total_links, total_clicks }, statusCode:
 *   "200", message: "success" }`, numbers as strings as MySQL gives them;
 * - auth: `username` + `password`, or `timestamp` + `signature = md5(timestamp . token)` within
 *   the nonce life (12 h), or the bare `signature = token`; anything else answers HTTP 403
 *   `{ errorCode: 403, message: "Please log in" }` (or "Invalid username or password").
 * `ignoresStart` plays a YOURLS before 1.6, which had no `start` parameter.
 */
import { createHash } from 'node:crypto';
import { queryInt, startSourceDouble, type DoubleFaults, type SourceDouble } from './live-source-double.js';

export interface YourlsLink {
  keyword: string;
  url: string;
  title: string;
  timestamp: string;
  ip: string;
  clicks: number;
}

export function yourlsLinks(count: number): YourlsLink[] {
  return Array.from({ length: count }, (_, i) => ({
    keyword: `yl-${i}`,
    url: `https://example.com/yourls/${i}?q=${i}#part`,
    title: i % 4 === 0 ? '' : `Link ${i}, “quoted” — é 東京 🚀`,
    // Newest first under filter=last: the double keeps the order it is given.
    timestamp: `2024-07-${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`,
    ip: '203.0.113.9',
    clicks: i * 1000,
  }));
}

export interface YourlsCredentials {
  token: string;
  username: string;
  password: string;
}

export function startYourlsDouble(options: { auth: YourlsCredentials; links: YourlsLink[]; now?: () => number; ignoresStart?: boolean; faults?: DoubleFaults }): Promise<SourceDouble> {
  const now = options.now ?? Date.now;
  return startSourceDouble((request) => {
    if (request.path !== '/yourls-api.php') return { status: 404, body: { errorCode: 404, message: 'Not found' } };
    const q = request.query;
    const { token, username, password } = options.auth;
    const timestamp = q.get('timestamp');
    const signed = timestamp !== null && Math.abs(now() / 1000 - Number(timestamp)) < 43_200 && q.get('signature') === createHash('md5').update(timestamp + token).digest('hex');
    const byPassword = q.has('username') && q.get('username') === username && q.get('password') === password;
    if (!(signed || byPassword || (timestamp === null && q.get('signature') === token))) {
      return { status: 403, body: { errorCode: 403, message: q.has('username') ? 'Invalid username or password' : 'Please log in' } };
    }
    if (q.get('action') !== 'stats' || q.get('format') !== 'json') return { status: 400, body: { errorCode: 400, message: 'Unknown or missing "action" parameter' } };
    const limit = queryInt(q, 'limit', 10);
    const start = options.ignoresStart ? 0 : queryInt(q, 'start', 0);
    const page = options.links.slice(start, start + limit);
    const site = 'https://sho.rt';
    return {
      status: 200,
      body: {
        // As yourls_get_stats: `links` only when a link is found.
        ...(page.length > 0
          ? { links: Object.fromEntries(page.map((l, i) => [`link_${i + 1}`, { shorturl: `${site}/${l.keyword}`, url: l.url, title: l.title, timestamp: l.timestamp, ip: l.ip, clicks: String(l.clicks) }])) }
          : {}),
        stats: { total_links: String(options.links.length), total_clicks: String(options.links.reduce((n, l) => n + l.clicks, 0)) },
        statusCode: '200',
        message: 'success',
      },
    };
  }, options.faults);
}
