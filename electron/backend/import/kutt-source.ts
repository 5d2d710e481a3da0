/**
 * Kutt's API v2 (https://kutt.it/api/v2, or a self-hosted Kutt under /api/v2):
 * `GET /api/v2/links?limit=&skip=` with the key in `X-API-KEY`, answering
 * `{ total, limit, skip, data: [link] }` (kutt's server/handlers/links.handler.js `get`), each
 * link as `utils.sanitize.link` gives it: `id, address, target, description, visit_count,
 * expire_in, password` (a boolean: the hash is never shown), `link` (the short URL),
 * `created_at`. Errors answer `{ error: "…" }` (401 for a wrong key). Kutt's validator caps
 * `limit` at 50.
 */
import { msg } from '../../shared/message-ref.js';
import { kuttShape } from '../../shared/source-rows.js';
import { isRecord, under, type LiveSourceAdapter } from './source-adapter.js';

const PAGE = 50;

export const kuttSource: LiveSourceAdapter = {
  name: 'Kutt',
  addressExample: 'https://kutt.it',
  keyHint: msg('importNotes.keyHintKutt'),
  pastedApiPaths: ['/api/v2/links', '/api/v2', '/api'],
  // import-formats.ts recognises address + target as Kutt's links.
  headers: kuttShape.headers,
  pageUrl: (base, index) => under(base, '/api/v2/links', { limit: PAGE, skip: index * PAGE }),
  authHeaders: (key) => ({ 'X-API-KEY': key }),
  readPage(body) {
    if (!isRecord(body) || !Array.isArray(body['data']) || typeof body['total'] !== 'number') return null;
    const links = body['data'] as unknown[];
    const skip = typeof body['skip'] === 'number' ? body['skip'] : 0;
    return { links, total: body['total'], last: skip + links.length >= body['total'] };
  },
  toRow: (link) => kuttShape.toRow(link),
};
