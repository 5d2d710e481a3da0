import type { Sql } from '../mirror/sqlite.js';

/*
 * Clicks cannot be moved from another shortener into a link service, so an import keeps them
 * beside the links it makes: each row's count at the old service waits in bulk_row_origins
 * (written with the job), and becomes the link's origin (link_origins) once the row has its link,
 * made or reused. The detail view says "N clicks before the move".
 */

/** Stores the former click counts of a new job's rows (null: the row had none). */
export function storeRowClicks(sql: Sql, jobId: string, source: string, clicks: readonly (number | null)[]): void {
  sql.run('UPDATE bulk_jobs SET source = ? WHERE id = ?', [source, jobId]);
  clicks.forEach((count, idx) => {
    if (count !== null) sql.run('INSERT OR REPLACE INTO bulk_row_origins (job_id, idx, clicks) VALUES (?, ?, ?)', [jobId, idx, count]);
  });
}

/** A row has its link: the link keeps the row's former clicks, if it had any. */
export function recordLinkOrigin(sql: Sql, jobId: string, idx: number, linkId: number, now: number): void {
  const row = sql.get<{ clicks: number; source: string | null }>(
    'SELECT o.clicks, j.source FROM bulk_row_origins o JOIN bulk_jobs j ON j.id = o.job_id WHERE o.job_id = ? AND o.idx = ?',
    [jobId, idx],
  );
  if (!row) return;
  sql.run('INSERT OR REPLACE INTO link_origins (link_id, source, clicks, recorded_at) VALUES (?, ?, ?, ?)', [
    linkId,
    row.source ?? 'an imported file',
    row.clicks,
    now,
  ]);
}

export function forgetJobRowClicks(sql: Sql, jobId: string): void {
  sql.run('DELETE FROM bulk_row_origins WHERE job_id = ?', [jobId]);
}
