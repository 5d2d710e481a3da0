/**
 * One link of another shortener's API answer as a row of the bulk table, per source: the same
 * columns whether the answer was read live (electron/backend/import) or saved by the person as
 * a .json file (import-json.ts). import-formats.ts recognises each source's columns. Pure.
 *
 * Where each shape comes from, and how sure that is, is said on each source below and in
 * tests/fixtures/imports/SOURCES.md.
 */
import { formatUtc, readDate } from './import-dates.js';

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A cell: strings as they are, numbers written out, anything else empty. */
export const cell = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/**
 * A date cell as the bulk step reads it (YYYY-MM-DD HH:MM:SS, UTC) from any form import-dates.ts
 * reads; empty when there is none, the text as it was when it is no date (the preview then says
 * so on its row).
 */
export function dateCell(value: unknown): string {
  const text = cell(value).trim();
  if (text === '') return '';
  const at = readDate(text);
  return at === null ? text : formatUtc(at);
}

/** Tags as one cell: "a, b", or a JSON list when a tag holds a separator itself. */
export function tagsCell(value: unknown): string {
  if (!Array.isArray(value)) return cell(value);
  const names = value.map((t) => (isRecord(t) ? cell(t['name']) : cell(t)).trim()).filter((t) => t !== '');
  return names.some((n) => /[,;|]/.test(n)) ? JSON.stringify(names) : names.join(', ');
}

export interface SourceRow {
  fields: string[];
  /** The source has a password on the link that its API does not reveal. */
  passwordLeftOut?: boolean;
}

export interface SourceShape {
  /** The columns, named as the source names its fields (import-formats.ts recognises them). */
  headers: readonly string[];
  toRow(link: unknown): SourceRow;
}

const fields = (link: unknown) => (isRecord(link) ? link : {});

/**
 * Kutt API v2 `GET /api/v2/links`: `{ total, limit, skip, data: [link] }`, each link as kutt's
 * `utils.sanitize.link` gives it (`address, target, description, visit_count, expire_in,
 * password` as a boolean, `link`, `created_at`). Read from kutt-it/kutt's source: sure.
 */
export const kuttShape: SourceShape = {
  headers: ['address', 'target', 'description', 'expire_in', 'visit_count', 'link', 'created_at'],
  toRow(link) {
    const l = fields(link);
    return {
      fields: [cell(l['address']), cell(l['target']), cell(l['description']), dateCell(l['expire_in']), cell(l['visit_count']), cell(l['link']), dateCell(l['created_at'])],
      passwordLeftOut: l['password'] === true,
    };
  },
};

/**
 * Dub `GET /links`: a JSON array of links (dub.co/docs/api-reference/links/list) with `domain,
 * key, url, shortLink, title, description, image, tags: [{ id, name, color }], clicks, expiresAt,
 * password, createdAt`. From Dub's API reference: sure of the fields used here.
 */
export const dubShape: SourceShape = {
  headers: ['domain', 'key', 'url', 'shortLink', 'title', 'description', 'image', 'tags', 'expiresAt', 'password', 'clicks', 'createdAt'],
  toRow(link) {
    const l = fields(link);
    return {
      fields: [
        cell(l['domain']),
        cell(l['key']),
        cell(l['url']),
        cell(l['shortLink']),
        cell(l['title']),
        cell(l['description']),
        cell(l['image']),
        tagsCell(l['tags']),
        dateCell(l['expiresAt']),
        cell(l['password']),
        cell(l['clicks']),
        dateCell(l['createdAt']),
      ],
    };
  },
};

/**
 * Shlink REST v3 `GET /rest/v3/short-urls`: `{ shortUrls: { data, pagination } }`, each short URL
 * with `shortCode, shortUrl, longUrl, title, tags[], dateCreated, domain, meta.validUntil` and its
 * visits in `visitsSummary.total` (`visitsCount` before 4.0). From Shlink's OpenAPI: sure.
 */
export const shlinkShape: SourceShape = {
  headers: ['shortCode', 'shortUrl', 'longUrl', 'title', 'tags', 'validUntil', 'visits', 'domain', 'dateCreated'],
  toRow(link) {
    const l = fields(link);
    const meta = isRecord(l['meta']) ? l['meta'] : {};
    const visits = isRecord(l['visitsSummary']) ? l['visitsSummary']['total'] : l['visitsCount'];
    return {
      fields: [cell(l['shortCode']), cell(l['shortUrl']), cell(l['longUrl']), cell(l['title']), tagsCell(l['tags']), dateCell(meta['validUntil']), cell(visits), cell(l['domain']), dateCell(l['dateCreated'])],
    };
  },
};

/**
 * Bitly API v4 `GET /v4/groups/{group_guid}/bitlinks`: `{ links: [bitlink], pagination }`, each
 * bitlink with `link` (https://bit.ly/3xYz), `custom_bitlinks` (full URLs of its custom
 * back-halves), `long_url`, `title`, `tags` (names), `created_at` (`2019-09-26T18:48:36+0000`),
 * `archived`. From dev.bitly.com's reference as reproduced by its client libraries: sure of the
 * fields; no click count comes with a bitlink (Bitly has a separate clicks endpoint).
 */
export const bitlyShape: SourceShape = {
  headers: ['link', 'custom_bitlinks', 'long_url', 'title', 'tags', 'created_at', 'archived'],
  toRow(link) {
    const l = fields(link);
    const custom = Array.isArray(l['custom_bitlinks']) ? cell(l['custom_bitlinks'][0]) : cell(l['custom_bitlinks']);
    return {
      fields: [cell(l['link']), custom, cell(l['long_url']), cell(l['title']), tagsCell(l['tags']), dateCell(l['created_at']), l['archived'] === true ? 'true' : l['archived'] === false ? 'false' : ''],
    };
  },
};

/**
 * Rebrandly `GET /v1/links`: a JSON array of links with `slashtag, destination, title, shortUrl,
 * domain: { fullName }` (or `domainName`), `clicks`, `createdAt`, and `tags` where the answer has
 * them. From developers.rebrandly.com's link model: sure of slashtag/destination/title/shortUrl/
 * createdAt/clicks, less of tags (often fetched apart).
 */
export const rebrandlyShape: SourceShape = {
  headers: ['slashtag', 'destination', 'title', 'shortUrl', 'domain', 'tags', 'clicks', 'createdAt'],
  toRow(link) {
    const l = fields(link);
    const domain = isRecord(l['domain']) ? cell(l['domain']['fullName']) : cell(l['domainName']);
    return {
      fields: [cell(l['slashtag']), cell(l['destination']), cell(l['title']), cell(l['shortUrl']), domain, tagsCell(l['tags']), cell(l['clicks']), dateCell(l['createdAt'])],
    };
  },
};

/**
 * YOURLS `yourls-api.php?action=stats&filter=last|top&format=json`: `{ links: { link_1: {
 * shorturl, url, title, timestamp, ip, clicks }, … }, stats: { total_links, total_clicks } }`
 * (YOURLS's includes/functions.php `yourls_get_stats`); `timestamp` is MySQL's `YYYY-MM-DD
 * HH:MM:SS`, read as UTC; numbers come as strings. Read from YOURLS/YOURLS's source: sure.
 */
export const yourlsShape: SourceShape = {
  headers: ['shorturl', 'url', 'title', 'timestamp', 'ip', 'clicks'],
  toRow(link) {
    const l = fields(link);
    return { fields: [cell(l['shorturl']), cell(l['url']), cell(l['title']), dateCell(l['timestamp']), cell(l['ip']), cell(l['clicks'])] };
  },
};

/** YOURLS's `links` object (`link_1`, `link_2`, …) in its order. */
export function yourlsLinks(body: unknown): unknown[] | null {
  if (!isRecord(body)) return null;
  // yourls_get_stats sets `links` only when a link is found: an empty YOURLS (or a page past the
  // end) answers its stats alone.
  if (!('links' in body)) return isRecord(body['stats']) && 'total_links' in body['stats'] ? [] : null;
  const links = body['links'];
  // PHP's json_encode writes an empty array for no links.
  if (Array.isArray(links)) return links.length === 0 ? [] : null;
  if (!isRecord(links)) return null;
  const list = Object.entries(links)
    .filter(([name]) => /^link_\d+$/.test(name))
    .sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)))
    .map(([, link]) => link);
  return list.every((l) => isRecord(l) && typeof l['url'] === 'string') ? list : null;
}

/**
 * Linkdeck's own JSON export (Export → JSON): `{ format: "linkdeck-links", version: 1, links: [{
 * alias, shortUrl, longUrl, title, description, clicks, date, channelName, campaignName, status,
 * expiry, details: { custom, metaTitle, metaDescription, metaImage } }] }`
 * (electron/backend/export/links-export.ts), as the columns of its CSV export.
 */
export const linkdeckShape: SourceShape = {
  headers: ['alias', 'short_url', 'long_url', 'title', 'note', 'clicks', 'date', 'channel', 'campaign', 'status', 'expiry', 'alias_is_custom', 'meta_title', 'meta_description', 'meta_image'],
  toRow(link) {
    const l = fields(link);
    const d = isRecord(l['details']) ? l['details'] : {};
    const flag = (v: unknown) => (v === true ? 'true' : v === false ? 'false' : '');
    return {
      fields: [
        cell(l['alias']),
        cell(l['shortUrl']),
        cell(l['longUrl']),
        cell(l['title']),
        cell(l['description']),
        cell(l['clicks']),
        cell(l['date']),
        cell(l['channelName']),
        cell(l['campaignName']),
        cell(l['status']),
        cell(l['expiry']),
        flag(d['custom']),
        cell(d['metaTitle']),
        cell(d['metaDescription']),
        cell(d['metaImage']),
      ],
    };
  },
};
