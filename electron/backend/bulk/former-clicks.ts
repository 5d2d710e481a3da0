import type { BulkOrigin } from '../../shared/bulk.js';
import { parseKept } from '../mirror/link-origins.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * What another shortener knew of a link that a link service cannot hold (its clicks there, the
 * day it was made there, its tags after the first) is kept beside the links an import makes:
 * each row's part waits in bulk_row_origins (written with the job), and becomes the link's
 * origin (link_origins) once the row has its link, made or reused. One origin per link and
 * source: importing from a second source adds one; the same source again updates its own, so
 * a count is never added twice. The detail view says "N clicks before the move · created on
 * Bitly 2023-04-02 · tags there: …".
 */

/** Stores what a new job's rows knew at their source (rows that knew nothing get no entry). */
export function storeRowOrigins(sql: Sql, jobId: string, origin: BulkOrigin): void {
  sql.run('UPDATE bulk_jobs SET source = ?, source_service = ? WHERE id = ?', [origin.source, origin.service ?? null, jobId]);
  origin.clicks.forEach((count, idx) => {
    const created = origin.created?.[idx] ?? null;
    const tags = origin.tags?.[idx] ?? null;
    const kept = origin.kept?.[idx] ?? null;
    if (count === null && created === null && (tags === null || tags.length === 0) && kept === null) return;
    sql.run('INSERT OR REPLACE INTO bulk_row_origins (job_id, idx, clicks, created_at, tags, kept) VALUES (?, ?, ?, ?, ?, ?)', [
      jobId,
      idx,
      count,
      created,
      tags && tags.length > 0 ? JSON.stringify(tags) : null,
      kept ? JSON.stringify(kept) : null,
    ]);
  });
}

/** A row has its link: the link keeps what the row knew at its source, if anything. */
export function recordLinkOrigin(sql: Sql, jobId: string, idx: number, linkId: number, now: number): void {
  const row = sql.get<{ clicks: number | null; created_at: number | null; tags: string | null; kept: string | null; source: string | null; source_service: string | null }>(
    `SELECT o.clicks, o.created_at, o.tags, o.kept, j.source, j.source_service
     FROM bulk_row_origins o JOIN bulk_jobs j ON j.id = o.job_id WHERE o.job_id = ? AND o.idx = ?`,
    [jobId, idx],
  );
  if (!row) return;
  sql.run('INSERT OR REPLACE INTO link_origins (link_id, source, service, clicks, created_at, tags, kept, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    linkId,
    row.source ?? 'an imported file',
    row.source_service,
    row.clicks,
    row.created_at,
    row.tags,
    row.kept,
    now,
  ]);
}

/** Each row's adjustments in words (index → notes), for the job's result file. */
export function rowNotes(sql: Sql, jobId: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of sql.all<{ idx: number; kept: string }>('SELECT idx, kept FROM bulk_row_origins WHERE job_id = ? AND kept IS NOT NULL', [jobId])) {
    const notes = parseKept(r.kept)?.notes;
    if (notes && notes.length > 0) out.set(r.idx, notes);
  }
  return out;
}

export function forgetJobRowClicks(sql: Sql, jobId: string): void {
  sql.run('DELETE FROM bulk_row_origins WHERE job_id = ?', [jobId]);
}
