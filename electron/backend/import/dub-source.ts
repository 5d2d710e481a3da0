/**
 * Dub's API (https://api.dub.co): `GET /links?page=&pageSize=` with `Authorization: Bearer
 * <key>` (dub.co/docs/api-reference/introduction, "Authentication"), answering a JSON array of
 * links ("List all links", dub.co/docs/api-reference/links/list) with `domain, key, url,
 * shortLink, title, description, image, tags: [{ id, name, color }], clicks, expiresAt,
 * password`. No total comes with it: a page shorter than pageSize is the last. Errors answer
 * `{ error: { code, message, doc_url } }` (401 unauthorized, 403 forbidden, 429 rate_limit_exceeded).
 */
import { msg } from '../../shared/message-ref.js';
import { dubShape } from '../../shared/source-rows.js';
import { isRecord, under, type LiveSourceAdapter } from './source-adapter.js';

/** Dub's documented largest page. */
const PAGE = 100;

export const dubSource: LiveSourceAdapter = {
  name: 'Dub',
  addressExample: 'https://api.dub.co',
  keyHint: msg('importNotes.keyHintDub'),
  pastedApiPaths: ['/links'],
  // Dub's link fields, which import-formats.ts recognises (domain + key + url).
  headers: dubShape.headers,
  pageUrl: (base, index) => under(base, '/links', { page: index + 1, pageSize: PAGE }),
  authHeaders: (key) => ({ Authorization: `Bearer ${key}` }),
  readPage(body) {
    if (!Array.isArray(body)) return null;
    // An array of something else (not links) is not Dub's answer either.
    if (body.length > 0 && !body.every((l) => isRecord(l) && typeof l['url'] === 'string')) return null;
    return { links: body, total: null, last: body.length < PAGE };
  },
  toRow: (link) => dubShape.toRow(link),
};
