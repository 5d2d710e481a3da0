/**
 * A scripted Shlink (REST API v3) answering `GET /rest/v3/short-urls?page=&itemsPerPage=` as
 * Shlink's OpenAPI "listShortUrls" documents: `{ shortUrls: { data, pagination: { currentPage,
 * pagesCount, itemsPerPage, itemsInCurrentPage, totalItems } } }`; errors as problem details
 * (application/problem+json), a wrong `X-Api-Key` a 401 "invalid-api-key".
 */
import { queryInt, startSourceDouble, type DoubleFaults, type SourceDouble } from './live-source-double.js';

export interface ShlinkShortUrl {
  shortCode: string;
  shortUrl: string;
  longUrl: string;
  dateCreated: string;
  tags: string[];
  meta: { validSince: string | null; validUntil: string | null; maxVisits: number | null };
  domain: string | null;
  title: string | null;
  crawlable: boolean;
  forwardQuery: boolean;
  visitsSummary: { total: number; nonBots: number; bots: number };
}

export function shlinkShortUrls(count: number): ShlinkShortUrl[] {
  return Array.from({ length: count }, (_, i) => ({
    shortCode: `s${i}`,
    shortUrl: `https://s.example/s${i}`,
    longUrl: `https://example.com/shlink/${i}`,
    dateCreated: '2024-05-01T10:00:00+00:00',
    tags: i % 2 === 0 ? ['spring', 'news'] : [],
    meta: { validSince: null, validUntil: i === 0 ? '2031-02-03T04:05:06+00:00' : null, maxVisits: null },
    domain: null,
    title: i % 4 === 0 ? `Title, "quoted" ${i}` : null,
    crawlable: false,
    forwardQuery: true,
    visitsSummary: { total: 5 + i, nonBots: 5 + i, bots: 0 },
  }));
}

const problem = (status: number, type: string, title: string, detail: string) => ({
  status,
  headers: { 'Content-Type': 'application/problem+json' },
  body: { type: `https://shlink.io/api/error/${type}`, title, detail, status },
});

export function startShlinkDouble(options: { key: string; shortUrls: ShlinkShortUrl[]; faults?: DoubleFaults }): Promise<SourceDouble> {
  return startSourceDouble((request) => {
    if (request.path !== '/rest/v3/short-urls') return problem(404, 'not-found', 'Not found', 'Requested route does not exist.');
    if (request.headers['x-api-key'] !== options.key) return problem(401, 'invalid-api-key', 'Invalid API key', 'Provided API key does not exist or is invalid.');
    const perPage = Math.max(1, queryInt(request.query, 'itemsPerPage', 10));
    const page = Math.max(1, queryInt(request.query, 'page', 1));
    const data = options.shortUrls.slice((page - 1) * perPage, page * perPage);
    const pagesCount = Math.ceil(options.shortUrls.length / perPage);
    return {
      status: 200,
      body: { shortUrls: { data, pagination: { currentPage: page, pagesCount, itemsPerPage: perPage, itemsInCurrentPage: data.length, totalItems: options.shortUrls.length } } },
    };
  }, options.faults);
}
