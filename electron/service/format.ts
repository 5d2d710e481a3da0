import { badRequest } from './errors.js';
import { PositiveIntText } from './request-schemas.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's datetime: `YYYY-MM-DD HH:MM:SS`, in UTC. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The spec's date for channel items: `YYYY-MM-DD`, in UTC. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Parses `YYYY-MM-DD HH:MM:SS` (UTC; seconds optional; `T` accepted) or returns null. */
export function parseDateTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1) as [string, string, string, string?, string?, string?];
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const back = new Date(ms);
  // Reject dates that Date.UTC silently rolled over (2026-02-31, 25:00).
  if (back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d || back.getUTCHours() !== +h) return null;
  return ms;
}

/** Page size when the caller asks for none, and the most one page holds. */
export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 100;

export interface Paging {
  limit: number;
  page: number;
  offset: number;
}

/**
 * Reads `limit` and `page` from a query. A limit above the maximum is lowered to it (the
 * answer's `perpage` says what was used); a value that is not a positive whole number is an error.
 */
export function readPaging(query: Record<string, unknown>): Paging {
  const limit = Math.min(readPositiveInt(query['limit'], 'limit') ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = readPositiveInt(query['page'], 'page') ?? 1;
  return { limit, page, offset: (page - 1) * limit };
}

function readPositiveInt(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !PositiveIntText.safeParse(text).success) {
    throw badRequest(`The query parameter "${name}" must be a whole number of at least 1.`);
  }
  return Number(text);
}

/**
 * The spec's paged list envelope. `nextpage` is the following page number, or 0 on the last
 * page; `maxpage` is at least 1 (an empty list has one empty page).
 */
export function pagedEnvelope<T>(collection: string, items: T[], total: number, paging: Paging) {
  const maxpage = Math.max(1, Math.ceil(total / paging.limit));
  return {
    error: 0,
    data: {
      result: total,
      perpage: paging.limit,
      currentpage: paging.page,
      nextpage: paging.page < maxpage ? paging.page + 1 : 0,
      maxpage,
      [collection]: items,
    },
  };
}
