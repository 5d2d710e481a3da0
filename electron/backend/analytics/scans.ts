import type { ClickTimeline } from '../../shared/analytics.js';
import { DYNAMIC_QR_TYPES } from '../../shared/qr-codes.js';
import type { ServiceScans } from '../api/clicks.js';
import type { Mirror } from '../mirror/mirror.js';
import type { ResolvedRange } from './range.js';

/*
 * QR codes' scans on the Analytics page, apart from the links' clicks (the decision and why:
 * shared/analytics-counts.ts). Where the service counts them with the timeline (the local
 * service), the totals it answers are taken into the mirror's QR codes first, so the page, the QR
 * list and the QR detail say the same number; elsewhere the page sums what the QR list read.
 */

/** Writes the scan totals the service answered; answers how many changed. */
export function takeScans(mirror: Mirror, codes: readonly { id: number; scans: number }[]): number {
  const changed = codes.filter((c) => {
    const row = mirror.sql.get<{ scans: number }>('SELECT scans FROM qr_codes WHERE id = ?', [c.id]);
    return row !== undefined && Number(row.scans) !== c.scans;
  });
  if (changed.length > 0) {
    mirror.write(['qrs'], () => {
      for (const c of changed) mirror.sql.run('UPDATE qr_codes SET scans = ? WHERE id = ?', [c.scans, c.id]);
    });
  }
  return changed.length;
}

/**
 * The QR codes that count scans and the sum of their scans: as the service answered them with
 * the timeline (the same instant as its buckets), else as the mirror's QR list read them (a code
 * whose type the list did not tell counts when it has scans).
 */
export function scanTotals(mirror: Mirror, answer: ServiceScans | null): { codes: number; scans: number } {
  if (answer) return { codes: answer.codes.length, scans: answer.codes.reduce((sum, c) => sum + c.scans, 0) };
  const dynamic = [...DYNAMIC_QR_TYPES].map((t) => `'${t}'`).join(', ');
  const row = mirror.sql.get<{ codes: number; scans: number | null }>(
    `SELECT COUNT(*) AS codes, SUM(scans) AS scans FROM qr_codes WHERE id > 0 AND (type IN (${dynamic}) OR scans > 0)`,
  );
  return { codes: Number(row?.codes ?? 0), scans: Number(row?.scans ?? 0) };
}

/** The service's scan buckets as a timeline of the range (running total and gains). */
export function scanTimeline(answer: ServiceScans, step: ClickTimeline['step'], range: ResolvedRange): ClickTimeline {
  return bucketsTimeline(answer, step, range);
}

/** Buckets the service counted (clicks or scans) as a timeline of the range: running total and gains. */
export function bucketsTimeline(
  answer: { before: number; buckets: { start: number; clicks: number }[] },
  step: ClickTimeline['step'],
  range: ResolvedRange,
): ClickTimeline {
  let total = answer.before;
  return {
    step,
    from: range.from,
    to: range.to,
    buckets: answer.buckets.map((b) => {
      total += b.clicks;
      return { start: b.start, total, gained: b.clicks };
    }),
    source: 'service',
    watchedSince: null,
  };
}
