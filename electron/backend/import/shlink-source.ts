/**
 * Shlink's REST API v3 (self-hosted): `GET /rest/v3/short-urls?page=&itemsPerPage=` with the key
 * in `X-Api-Key`, answering `{ shortUrls: { data: [shortUrl], pagination: { currentPage,
 * pagesCount, itemsPerPage, itemsInCurrentPage, totalItems } } }` (Shlink's OpenAPI
 * "listShortUrls"), each short URL with `shortCode, shortUrl, longUrl, title, tags[],
 * dateCreated, domain, meta: { validSince, validUntil, maxVisits }` and its visits in
 * `visitsSummary.total` (`visitsCount` before 4.0). Errors are problem details
 * (application/problem+json: type, title, detail, status; shlink.io "Error management"), a
 * wrong key a 401 "invalid-api-key".
 */
import { msg } from '../../shared/message-ref.js';
import { shlinkShape } from '../../shared/source-rows.js';
import { isRecord, under, type LiveSourceAdapter } from './source-adapter.js';

const PAGE = 50;

export const shlinkSource: LiveSourceAdapter = {
  name: 'Shlink',
  addressExample: 'https://s.example.com (the address of the Shlink server, not of shlink-web-client)',
  keyHint: msg('importNotes.keyHintShlink'),
  pastedApiPaths: ['/rest/v3/short-urls', '/rest/v3', '/rest'],
  // The columns of shlink-web-client's CSV export, which import-formats.ts recognises (shortCode + longUrl).
  headers: shlinkShape.headers,
  pageUrl: (base, index) => under(base, '/rest/v3/short-urls', { page: index + 1, itemsPerPage: PAGE }),
  authHeaders: (key) => ({ 'X-Api-Key': key }),
  readPage(body) {
    const list = isRecord(body) ? body['shortUrls'] : undefined;
    if (!isRecord(list) || !Array.isArray(list['data'])) return null;
    const links = list['data'] as unknown[];
    const pagination = isRecord(list['pagination']) ? list['pagination'] : {};
    const current = typeof pagination['currentPage'] === 'number' ? pagination['currentPage'] : null;
    const count = typeof pagination['pagesCount'] === 'number' ? pagination['pagesCount'] : null;
    const total = typeof pagination['totalItems'] === 'number' ? pagination['totalItems'] : null;
    return { links, total, last: current !== null && count !== null ? current >= count : links.length < PAGE };
  },
  toRow: (link) => shlinkShape.toRow(link),
};
