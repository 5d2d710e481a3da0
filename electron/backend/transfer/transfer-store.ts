import type { TransferInfo, TransferLeftOut, TransferMode, TransferRowSource } from '../../shared/transfer.js';
import type { Sql } from '../mirror/sqlite.js';
import { decodeError, encodeError, type RowError } from '../bulk/bulk-store.js';

/*
 * The transfer_jobs / transfer_rows tables (migration 9) of the TARGET profile's data file: a
 * transfer is a bulk job there, and these say where each row's link came from and, for a move,
 * what became of its delete on the source. Kept in the same file as the job so that a restart
 * finds them together.
 */

export interface StoredTransfer {
  jobId: string;
  mode: TransferMode;
  sourceProfileId: string;
  sourceName: string;
  targetName: string;
  leftOut: TransferLeftOut[];
}

export interface StoredTransferRow extends TransferRowSource {
  idx: number;
  deleteOpId: string | null;
}

export function insertTransfer(sql: Sql, t: StoredTransfer, rows: readonly { sourceLinkId: number; sourceShortUrl: string }[]): void {
  sql.transaction(() => {
    sql.run('INSERT INTO transfer_jobs (job_id, mode, source_profile_id, source_name, target_name, left_out) VALUES (?, ?, ?, ?, ?, ?)', [
      t.jobId,
      t.mode,
      t.sourceProfileId,
      t.sourceName,
      t.targetName,
      JSON.stringify(t.leftOut),
    ]);
    rows.forEach((row, idx) =>
      sql.run('INSERT INTO transfer_rows (job_id, idx, source_link_id, source_short_url) VALUES (?, ?, ?, ?)', [t.jobId, idx, row.sourceLinkId, row.sourceShortUrl]),
    );
  });
}

interface JobRecord {
  job_id: string;
  mode: string;
  source_profile_id: string;
  source_name: string;
  target_name: string;
  left_out: string;
}

export function getTransfer(sql: Sql, jobId: string): StoredTransfer | null {
  const r = sql.get<JobRecord>('SELECT job_id, mode, source_profile_id, source_name, target_name, left_out FROM transfer_jobs WHERE job_id = ?', [jobId]);
  if (!r) return null;
  return {
    jobId: r.job_id,
    mode: r.mode === 'move' ? 'move' : 'copy',
    sourceProfileId: r.source_profile_id,
    sourceName: r.source_name,
    targetName: r.target_name,
    leftOut: JSON.parse(r.left_out) as TransferLeftOut[],
  };
}

/** The job's `transfer` as the renderer sees it. */
export function transferInfo(sql: Sql, t: StoredTransfer, targetProfileId: string): TransferInfo {
  const counts = new Map(
    sql
      .all<{ removal: string; n: number }>('SELECT removal, COUNT(*) AS n FROM transfer_rows WHERE job_id = ? AND removal IS NOT NULL GROUP BY removal', [t.jobId])
      .map((r) => [r.removal, Number(r.n)]),
  );
  return {
    mode: t.mode,
    sourceProfileId: t.sourceProfileId,
    sourceName: t.sourceName,
    targetProfileId,
    targetName: t.targetName,
    removedFromSource: counts.get('removed') ?? 0,
    removeFailed: counts.get('failed') ?? 0,
    leftOut: t.leftOut,
  };
}

interface RowRecord {
  idx: number;
  source_link_id: number;
  source_short_url: string;
  removal: string | null;
  delete_op_id: string | null;
  error: string | null;
}

const toRow = (r: RowRecord): StoredTransferRow => ({
  idx: r.idx,
  linkId: r.source_link_id,
  shortUrl: r.source_short_url,
  removal: r.removal === 'pending' || r.removal === 'removed' || r.removal === 'failed' ? r.removal : null,
  deleteOpId: r.delete_op_id,
  ...decodeError(r.error),
});

const ROW_COLUMNS = 'idx, source_link_id, source_short_url, removal, delete_op_id, error';

export function transferRows(sql: Sql, jobId: string, offset: number, limit: number): StoredTransferRow[] {
  return sql.all<RowRecord>(`SELECT ${ROW_COLUMNS} FROM transfer_rows WHERE job_id = ? ORDER BY idx LIMIT ? OFFSET ?`, [jobId, limit, offset]).map(toRow);
}

/** Rows the target confirmed (made or reused) whose source link has not been asked to go yet. */
export function confirmedNotRemoved(sql: Sql, jobId: string): StoredTransferRow[] {
  return sql
    .all<RowRecord>(
      `SELECT t.idx, t.source_link_id, t.source_short_url, t.removal, t.delete_op_id, t.error
         FROM transfer_rows t JOIN bulk_rows b ON b.job_id = t.job_id AND b.idx = t.idx
        WHERE t.job_id = ? AND t.removal IS NULL AND b.status IN ('created', 'reused') ORDER BY t.idx`,
      [jobId],
    )
    .map(toRow);
}

/** Deletes sent to the source whose outcome is not recorded yet. */
export function pendingRemovals(sql: Sql, jobId: string): StoredTransferRow[] {
  return sql.all<RowRecord>(`SELECT ${ROW_COLUMNS} FROM transfer_rows WHERE job_id = ? AND removal = 'pending' ORDER BY idx`, [jobId]).map(toRow);
}

export function setRemoval(sql: Sql, jobId: string, idx: number, removal: 'pending' | 'removed' | 'failed', opId: string | null, error: RowError | null): void {
  sql.run('UPDATE transfer_rows SET removal = ?, delete_op_id = ?, error = ? WHERE job_id = ? AND idx = ?', [removal, opId, encodeError(error), jobId, idx]);
}

export function deleteTransfer(sql: Sql, jobId: string): void {
  sql.transaction(() => {
    sql.run('DELETE FROM transfer_rows WHERE job_id = ?', [jobId]);
    sql.run('DELETE FROM transfer_jobs WHERE job_id = ?', [jobId]);
  });
}
