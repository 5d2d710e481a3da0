import { z } from 'zod';
import type { CountMap, Page } from '../../shared/models.js';
import { msg, type MessageParam } from '../../shared/message-ref.js';
import { ApiClientError } from './errors.js';

/*
 * Lenient building blocks for the answers of real deployments: numbers that arrive as strings,
 * booleans as 0/1, PHP's empty arrays where objects belong, nulls where strings belong. Each one
 * transforms into the exact type of our models, so everything past this file is strict.
 */

const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'Expected a number'),
  ])
  .transform((v) => Number(v));

/** A whole number (ids, counts), possibly written as a string. */
export const int = numeric.pipe(z.number().int().safe()) as z.ZodType<number, unknown>;

/** An id: a whole number of at least 1. */
export const id = numeric.pipe(z.number().int().safe().min(1)) as z.ZodType<number, unknown>;

/** A count that some deployments leave out or send as null: 0 then. */
export const count = z
  .union([int, z.null()])
  .optional()
  .transform((v) => v ?? 0);

/** Text that may be missing, null or a number: always a string. */
export const text = z
  .union([z.string(), z.number(), z.null(), z.literal(false)])
  .optional()
  .transform((v) => (v === null || v === undefined || v === false ? '' : String(v)));

/** true/false, 1/0, "1"/"0", "true"/"false"; missing is false. */
export const flag = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.enum(['0', '1', 'true', 'false', '']),
    z.null(),
  ])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A date that may be absent: null, "", false, 0 or MySQL's zero date all mean "none". */
export const optionalDate = z
  .union([z.string(), z.null(), z.literal(false), z.literal(0)])
  .optional()
  .transform((v) =>
    typeof v === 'string' && v.trim() !== '' && !/^0000-00-00/.test(v.trim()) ? v.trim() : null,
  );

/** A URL that may be absent (false, null, ""): null then. */
export const optionalUrl = z
  .union([z.string(), z.null(), z.literal(false), z.literal(0)])
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Name → count. Arrives as an object, as 0 or null or [] when empty, or on some deployments as a
 * list of {name, count}-like objects.
 */
export const countMap = z
  .unknown()
  .optional()
  .transform((value, ctx): CountMap => {
    if (value === 0 || value === '0' || value === null || value === undefined || value === false)
      return {};
    const out: CountMap = {};
    const add = (name: unknown, n: unknown) => {
      const parsed = int.safeParse(n);
      if (typeof name === 'string' && name !== '' && parsed.success)
        out[name] = (out[name] ?? 0) + parsed.data;
    };
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (!isRecord(entry)) continue;
        const values = Object.values(entry);
        add(
          values.find((v) => typeof v === 'string' && !/^\d+$/.test(v)),
          values.find((v) => int.safeParse(v).success),
        );
      }
      return out;
    }
    if (isRecord(value)) {
      for (const [name, n] of Object.entries(value)) add(name, n);
      return out;
    }
    ctx.addIssue({ code: 'custom', message: 'Expected an object of counts' });
    return z.NEVER;
  });

/**
 * Name → URL (link targeting in the details of a link). An object, or [] / null when empty, or a
 * list of {location|device|language, link} entries.
 */
export const urlMap = z
  .unknown()
  .optional()
  .transform((value, ctx): Record<string, string> => {
    if (value === null || value === undefined || value === 0 || value === false || value === '')
      return {};
    const out: Record<string, string> = {};
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (!isRecord(entry)) continue;
        const name = entry['location'] ?? entry['device'] ?? entry['language'] ?? entry['name'];
        const link = entry['link'] ?? entry['url'];
        if (typeof name === 'string' && typeof link === 'string') out[name.toLowerCase()] = link;
      }
      return out;
    }
    if (isRecord(value)) {
      for (const [name, link] of Object.entries(value))
        if (typeof link === 'string') out[name.toLowerCase()] = link;
      return out;
    }
    ctx.addIssue({ code: 'custom', message: 'Expected an object of links' });
    return z.NEVER;
  });

/** A JSON object answer; lists under `data` on some deployments are lifted to the top. */
export function merged(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  const data = body['data'];
  return isRecord(data) ? { ...data, ...body } : body;
}

/** The last path segment of a short URL: its alias. */
export function aliasOf(shortUrl: string): string {
  try {
    const segments = new URL(shortUrl).pathname.split('/').filter(Boolean);
    return decodeURIComponent(segments[segments.length - 1] ?? '');
  } catch {
    return shortUrl.split('/').filter(Boolean).pop() ?? '';
  }
}

/** Validates an answer, or throws a 'remote-error' naming what did not fit (never the values). */
export function parseAnswer<T>(schema: z.ZodType<T, unknown>, value: unknown, what: MessageParam): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => ({ path: i.path.map(String).join('.') || '(answer)', message: i.message }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  throw new ApiClientError(
    'remote-error',
    // The summary is the schema's own words (field paths): kept as they are, inside a translated sentence.
    msg('errors.answer.notUnderstood', { what, summary }),
    {
      details: { issues },
    },
  );
}

const ENVELOPE_FIELDS = new Set(['result', 'perpage', 'currentpage', 'nextpage', 'maxpage']);

export interface PageRequest {
  page?: number;
  limit?: number;
}

/**
 * The spec's paged list envelope, for one collection (several keys where deployments differ,
 * such as `cta` or `overlay`). `nextpage` may be 0, null, or the current page on the last page;
 * `perpage` is what the service used, not what was asked.
 */
export function pageSchema<T>(
  collections: readonly string[],
  item: z.ZodType<T, unknown>,
  asked: PageRequest = {},
): z.ZodType<Page<T>, unknown> {
  return z
    .object({
      data: z
        .record(z.string(), z.unknown())
        .refine(
          (data) =>
            collections.some((k) => data[k] !== undefined) ||
            Object.keys(data).some((k) => ENVELOPE_FIELDS.has(k)),
          {
            message: `Expected a list under ${collections.map((k) => `"${k}"`).join(' or ')}`,
          },
        ),
    })
    .transform(({ data }, ctx): Page<T> => {
      const raw = collections.map((k) => data[k]).find((v) => v !== undefined && v !== null) ?? [];
      // PHP serialises an array with gaps as an object with numeric keys.
      const list = Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : null;
      if (list === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Expected a list',
          path: ['data', collections[0] ?? ''],
        });
        return z.NEVER;
      }
      const items: T[] = [];
      for (const [i, entry] of list.entries()) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({
              code: 'custom',
              message: issue.message,
              path: ['data', collections[0] ?? '', i, ...issue.path],
            });
          return z.NEVER;
        }
        items.push(parsed.data);
      }
      const num = (key: string) => {
        const parsed = int.safeParse(data[key]);
        return parsed.success ? parsed.data : undefined;
      };
      const page = Math.max(1, num('currentpage') ?? asked.page ?? 1);
      const perPage = Math.max(1, num('perpage') ?? asked.limit ?? Math.max(items.length, 1));
      const total = Math.max(items.length, num('result') ?? (page - 1) * perPage + items.length);
      const maxPage = Math.max(1, num('maxpage') ?? Math.ceil(total / perPage), page);
      const next =
        data['nextpage'] === null || data['nextpage'] === undefined ? undefined : num('nextpage');
      const hasNext = items.length > 0 && (next !== undefined ? next > page : page < maxPage);
      return { items, total, perPage, page, maxPage, hasNext };
    }) as unknown as z.ZodType<Page<T>, unknown>;
}
