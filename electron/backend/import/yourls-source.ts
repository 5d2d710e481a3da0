/**
 * YOURLS (self-hosted): `GET /yourls-api.php?action=stats&filter=last&limit=&start=&format=json`
 * (YOURLS's yourls-api.php and includes/functions-api.php `yourls_api_action_stats`, `start`
 * since 1.6), answering `{ links: { link_1: {…}, … }, stats: { total_links, total_clicks },
 * statusCode, message }` (shape in shared/source-rows.ts). `filter=last` orders by creation time,
 * newest first, so pages stay put while nobody adds links.
 *
 * Auth is in the query, as YOURLS takes it (includes/functions-auth.php): the signature token
 * is not sent itself but as a time-limited signature, `timestamp` + `signature =
 * md5(timestamp . token)` (`yourls_check_signature_timestamp`, since 1.4.1); or `username` and
 * `password`. A refusal answers HTTP 403 `{ errorCode: 403, message: "Please log in" }`.
 */
import { msg } from '../../shared/message-ref.js';
import { createHash } from 'node:crypto';
import { isRecord, yourlsLinks, yourlsShape } from '../../shared/source-rows.js';
import { under, type LiveSourceAdapter } from './source-adapter.js';

const PAGE = 100;

export const yourlsSource: LiveSourceAdapter = {
  name: 'YOURLS',
  addressExample: 'https://sho.rt (the address YOURLS answers at, where yourls-api.php is)',
  keyHint: msg('importNotes.keyHintYourls'),
  pastedApiPaths: ['/yourls-api.php', '/admin/tools.php', '/admin/index.php', '/admin'],
  headers: yourlsShape.headers,
  pageUrl: (base, index) => under(base, '/yourls-api.php', { action: 'stats', filter: 'last', limit: PAGE, start: index * PAGE, format: 'json' }),
  authHeaders: () => ({}),
  authQuery({ key, username }, now): Record<string, string> {
    if (username) return { username, password: key };
    const timestamp = String(Math.floor(now / 1000));
    return { timestamp, signature: createHash('md5').update(timestamp + key).digest('hex') };
  },
  readPage(body) {
    const links = yourlsLinks(body);
    if (!links) return null;
    const stats = isRecord(body) && isRecord(body['stats']) ? body['stats'] : {};
    const total = Number(stats['total_links']);
    return { links, total: Number.isSafeInteger(total) ? total : null, last: links.length < PAGE };
  },
  toRow: (link) => yourlsShape.toRow(link),
};
