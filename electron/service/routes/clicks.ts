import { all, first as one, q as sql } from '../database/work.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANALYTICS_STEPS, type AnalyticsStep } from '../../shared/analytics.js';
import { COUNTED_AS_CLICKS_SQL, COUNTED_AS_SCANS_SQL } from '../../shared/analytics-counts.js';
import { bucketIndex, bucketStarts, chooseStep, MAX_BUCKETS, nextBucket } from '../../shared/analytics-buckets.js';
import type { ServiceContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { getOwnedLink } from '../links/link-store.js';
import { LinkIdText } from '../request-schemas.js';

/*
 * Click timelines: an EXTENSION of the spec (whose API gives totals only). This service records
 * every click with its time, so it can answer how many clicks each hour, day, week or month of
 * a range had, for the whole account or one link:
 *
 *   GET /api/clicks?from=<unix ms>&to=<unix ms>&step=hour|day|week|month&utcOffset=<minutes>
 *   GET /api/url/:id/clicks?…the same…
 *   → { "error": 0, "clicks": { "step": "day", "from": …, "to": …, "before": 12,
 *        "buckets": [ { "start": <unix ms>, "clicks": 3 }, … ] } }
 *
 * `before` counts the clicks before the first bucket, so a running total can start right.
 * With `links=N` (account-wide only) it also names the N links that gained the most clicks in
 * the range (`top`) and those that gained the most over the period of the same length before
 * (`movers`): `[ { "id": 3, "gained": 12, "before": 4 }, … ]`.
 * With `totalsSince=<unix ms>` (account-wide only) it also answers, for every link clicked since
 * then or since the range's start, its current total and its clicks in the range
 * (`totals: [ { "id": 3, "clicks": 16, "gained": 12 }, … ]`, at most 10,000; then
 * `totalsTruncated: true`), read in the same instant as the buckets: the app brings the click
 * totals it mirrors up to date with them and sums channels' and campaigns' gains from them, so
 * its totals, top links and groups tell the same story as the chart.
 * Account-wide, clicks are those of the links the lists show; QR codes' hidden links are counted
 * apart as scans (see shared/analytics-counts.ts): `scans: { "before": 2, "buckets": [ { "start":
 * …, "clicks": 1 }, … ], "codes": [ { "id": 4, "scans": 3 }, … ] }` (`codes`: every QR code that
 * counts scans, with its total now, at most 10,000).
 * Buckets start at the person's midnight (utcOffset, minutes east of UTC) and weeks on Monday;
 * the last ends at `to`. Linkdeck asks for it once per profile; any other service lacks the
 * route (404), and Linkdeck then charts the click totals its syncs read.
 */

type Query = Record<string, unknown>;

const GRAIN = 900_000; // a quarter hour: every time zone's hours start on one

function text(query: Query, name: string): string {
  const v = query[name];
  const t = Array.isArray(v) ? v[0] : v;
  return typeof t === 'string' ? t.trim() : '';
}

function whole(query: Query, name: string, fallback: number, min: number, max: number): number {
  const raw = text(query, name);
  if (raw === '') return fallback;
  if (!/^-?\d{1,16}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`The query parameter "${name}" must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

interface TimelineQuery {
  from: number;
  to: number;
  step: AnalyticsStep;
  offset: number;
  /** How many top links and movers to name (0: none). */
  links: number;
  /** Also answer the totals of the links clicked since then (null: no). */
  totalsSince: number | null;
}

/** Totals answered at most at once (a sync reads the rest). */
const MAX_TOTALS = 10_000;

function readQuery(query: Query, now: number): TimelineQuery {
  const to = whole(query, 'to', now, 1, 8.64e15);
  const from = whole(query, 'from', to - 30 * 86_400_000, 0, 8.64e15);
  if (from >= to) throw badRequest('The query parameter "from" must be before "to".');
  const stepText = text(query, 'step').toLowerCase();
  if (stepText !== '' && !(ANALYTICS_STEPS as readonly string[]).includes(stepText)) {
    throw badRequest(`The query parameter "step" must be one of ${ANALYTICS_STEPS.join(', ')}.`);
  }
  const step = (stepText || chooseStep(from, to)) as AnalyticsStep;
  const offset = whole(query, 'utcOffset', 0, -14 * 60, 14 * 60);
  const links = whole(query, 'links', 0, 0, 100);
  const totalsSince = text(query, 'totalsSince') === '' ? null : whole(query, 'totalsSince', 0, 0, 8.64e15);
  return { from, to, step, offset, links, totalsSince };
}

function startsOf(q: TimelineQuery): number[] {
  const starts = bucketStarts(q.from, q.to, q.step, q.offset);
  if (starts.length >= MAX_BUCKETS && nextBucket(starts[starts.length - 1] as number, q.step, q.offset) < q.to) {
    throw badRequest(`That range holds more than ${MAX_BUCKETS} ${q.step}s: choose a larger step.`);
  }
  return starts;
}

/** The clicks of `where` before the first bucket and in each bucket. */
function* counted(q: TimelineQuery, starts: number[], where: string, params: number[]) {
  const first = starts[0] as number;
  const before = (yield* one<{ n: number }>(sql(`SELECT COUNT(*) AS n FROM clicks WHERE at < ? AND ${where}`, first, ...params))) as { n: number };
  const rows = yield* all<{ g: number; n: number }>(
    sql(`SELECT at / ${GRAIN} AS g, COUNT(*) AS n FROM clicks WHERE at >= ? AND at < ? AND ${where} GROUP BY g`, first, q.to, ...params),
  );
  const counts = new Array<number>(starts.length).fill(0);
  for (const row of rows) {
    const i = bucketIndex(starts, Number(row.g) * GRAIN);
    if (i >= 0) counts[i] = (counts[i] as number) + Number(row.n);
  }
  return { before: Number(before.n), buckets: starts.map((start, i) => ({ start, clicks: counts[i] as number })) };
}

/** Counts the clicks of `where` (over the clicks table) per bucket; `userId`: account-wide. */
function* timeline(q: TimelineQuery, where: string, params: number[], userId: number | null = null) {
  const starts = startsOf(q);
  const first = starts[0] as number;
  return {
    error: 0,
    clicks: {
      step: q.step,
      from: first,
      to: q.to,
      ...(yield* counted(q, starts, where, params)),
      ...(q.links > 0 ? yield* rankings(first, q.to, q.links, where, params) : {}),
      ...(q.totalsSince !== null && userId !== null ? yield* totals(userId, Math.min(q.totalsSince, first), first, q.to) : {}),
      ...(userId !== null ? { scans: yield* scans(q, starts, userId) } : {}),
    },
  };
}

/** QR codes' scans (their hidden links' clicks), apart from the clicks: timeline and totals now. */
function* scans(q: TimelineQuery, starts: number[], userId: number) {
  const codes = yield* all<{ id: number; scans: number }>(
    sql(
      `SELECT q.id AS id, COALESCE(c.clicks, 0) AS scans FROM qr_codes q JOIN links l ON l.id = q.link_id LEFT JOIN link_counts c ON c.link_id = l.id
       WHERE q.user_id = ? ORDER BY q.id DESC LIMIT ?`,
      userId,
      MAX_TOTALS,
    ),
  );
  return {
    ...(yield* counted(q, starts, `link_id IN (SELECT id FROM links WHERE user_id = ? AND ${COUNTED_AS_SCANS_SQL})`, [userId])),
    codes: codes.map((c) => ({ id: Number(c.id), scans: Number(c.scans) })),
  };
}

/** The links that gained most in [from, to), and most over the period of the same length before. */
function* rankings(from: number, to: number, limit: number, where: string, params: number[]) {
  const gains = `SELECT link_id AS id, SUM(CASE WHEN at >= ? THEN 1 ELSE 0 END) AS gained,
      SUM(CASE WHEN at < ? THEN 1 ELSE 0 END) AS before
    FROM clicks WHERE at >= ? AND at < ? AND ${where} GROUP BY link_id`;
  const args = [from, from, from - (to - from), to, ...params];
  const read = function* (order: string, having: string) {
    const rows = yield* all<{ id: number; gained: number; before: number }>(
      sql(`SELECT id, gained, before FROM (${gains}) AS g WHERE ${having} ORDER BY ${order}, id LIMIT ?`, ...args, limit),
    );
    return rows.map((r) => ({ id: Number(r.id), gained: Number(r.gained), before: Number(r.before) }));
  };
  return { top: yield* read('gained DESC', 'gained > 0'), movers: yield* read('gained - before DESC, gained DESC', 'gained > before') };
}

/** The totals (and gains in [from, to)) of the user's links clicked since `since`, newest first. */
function* totals(userId: number, since: number, from: number, to: number) {
  // Probes of clicks(link_id, at) per link: no walk over every click row.
  const rows = yield* all<{ id: number; clicks: number; gained: number }>(
    sql(
      `SELECT l.id AS id, COALESCE(n.clicks, 0) AS clicks,
         (SELECT COUNT(*) FROM clicks c WHERE c.link_id = l.id AND c.at >= ? AND c.at < ?) AS gained
       FROM links l LEFT JOIN link_counts n ON n.link_id = l.id
       WHERE l.user_id = ? AND l.${COUNTED_AS_CLICKS_SQL} AND EXISTS (SELECT 1 FROM clicks c WHERE c.link_id = l.id AND c.at >= ?)
       ORDER BY l.id DESC LIMIT ?`,
      from, to, userId, since, MAX_TOTALS + 1,
    ),
  );
  const list = rows.slice(0, MAX_TOTALS).map((r) => ({ id: Number(r.id), clicks: Number(r.clicks), gained: Number(r.gained) }));
  return { totals: list, ...(rows.length > MAX_TOTALS ? { totalsTruncated: true } : {}) };
}

function linkId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!LinkIdText.safeParse(raw).success) throw new ApiError(404, `There is no link with the id ${JSON.stringify(raw.slice(0, 100))}.`);
  return Number(raw);
}

/** The click timeline routes (see above); `api` is prefixed with /api and authenticated. */
export function registerClickRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  api.get('/clicks', async (request) =>
    ctx.store.run(
      timeline(readQuery(request.query as Query, ctx.now()), `link_id IN (SELECT id FROM links WHERE user_id = ? AND ${COUNTED_AS_CLICKS_SQL})`, [request.userId], request.userId),
    ),
  );
  api.get('/url/:id/clicks', async (request) => {
    const link = await ctx.store.run(getOwnedLink(request.userId, linkId(request)));
    return ctx.store.run(timeline({ ...readQuery(request.query as Query, ctx.now()), links: 0, totalsSince: null }, 'link_id = ?', [link.id]));
  });
}
