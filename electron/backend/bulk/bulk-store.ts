import type { BulkJobStatus, BulkRow, BulkRowStatus } from '../../shared/bulk.js';
import type { LinkInput } from '../../shared/models.js';
import { englishText, isMessageRef, type MessageRef } from '../../shared/message-ref.js';
import type { Sql } from '../mirror/sqlite.js';

/*
 * The bulk_jobs / bulk_rows tables (migration 2) of a profile's data file. A row is 'sending'
 * exactly while its create is in the outbox (op_id), written in the same transaction that
 * queues it, so after a restart a row is either still to send or has an operation to follow:
 * never sent twice. 'waiting' is not stored (it is computed from the connection and the budget).
 */

export type StoredJobStatus = Exclude<BulkJobStatus, 'waiting'>;

export interface StoredJob {
  id: string;
  name: string;
  createdAt: number;
  finishedAt: number | null;
  status: StoredJobStatus;
  reuse: boolean;
  total: number;
}

export interface StoredRow extends BulkRow {
  jobId: string;
  opId: string | null;
}

interface JobRecord {
  id: string;
  name: string;
  created_at: number;
  finished_at: number | null;
  status: string;
  reuse: number;
  total: number;
}

interface RowRecord {
  job_id: string;
  idx: number;
  input: string;
  status: string;
  op_id: string | null;
  link_id: number | null;
  short_url: string | null;
  error: string | null;
}

const JOB_COLUMNS = 'id, name, created_at, finished_at, status, reuse, total';
const ROW_COLUMNS = 'job_id, idx, input, status, op_id, link_id, short_url, error';

const STATUSES: readonly StoredJobStatus[] = ['running', 'paused', 'done', 'cancelled'];

const toJob = (r: JobRecord): StoredJob => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
  status: (STATUSES as readonly string[]).includes(r.status) ? (r.status as StoredJobStatus) : 'paused',
  reuse: r.reuse === 1,
  total: r.total,
});

/**
 * A row's error in the `error` column: the service's words as they came, or one of Linkdeck's own
 * sentences as its message ref in JSON (so the app can say it in the person's language). Jobs
 * stored by older versions hold English text only: read back as it is.
 */
export type RowError = string | MessageRef;

export const encodeError = (error: RowError | null | undefined): string | null => (error == null ? null : typeof error === 'string' ? error : JSON.stringify(error));

export function decodeError(text: string | null): Pick<BulkRow, 'error' | 'errorRef'> {
  if (text === null || !text.startsWith('{"key":')) return { error: text };
  try {
    const ref: unknown = JSON.parse(text);
    if (isMessageRef(ref)) return { error: englishText(ref), errorRef: ref };
  } catch {
    // Not JSON after all: the service's words, shown as they are.
  }
  return { error: text };
}

const toRow = (r: RowRecord): StoredRow => ({
  jobId: r.job_id,
  index: r.idx,
  input: JSON.parse(r.input) as LinkInput,
  status: r.status as BulkRowStatus,
  opId: r.op_id,
  linkId: r.link_id,
  shortUrl: r.short_url,
  ...decodeError(r.error),
});

export function insertJob(
  sql: Sql,
  job: StoredJob,
  rows: readonly { input: LinkInput; status: BulkRowStatus; error: RowError | null }[],
): void {
  sql.transaction(() => {
    sql.run(`INSERT INTO bulk_jobs (${JOB_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      job.id,
      job.name,
      job.createdAt,
      job.finishedAt,
      job.status,
      job.reuse ? 1 : 0,
      job.total,
    ]);
    rows.forEach((row, idx) =>
      sql.run(`INSERT INTO bulk_rows (job_id, idx, input, status, error) VALUES (?, ?, ?, ?, ?)`, [
        job.id,
        idx,
        JSON.stringify(row.input),
        row.status,
        encodeError(row.error),
      ]),
    );
  });
}

export function getJob(sql: Sql, id: string): StoredJob | null {
  const row = sql.get<JobRecord>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE id = ?`, [id]);
  return row ? toJob(row) : null;
}

/** Oldest first (the order jobs are served in). */
export function listJobs(sql: Sql): StoredJob[] {
  return sql.all<JobRecord>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs ORDER BY created_at, rowid`).map(toJob);
}

export function setJobStatus(sql: Sql, id: string, status: StoredJobStatus, finishedAt: number | null): void {
  sql.run('UPDATE bulk_jobs SET status = ?, finished_at = ? WHERE id = ?', [status, finishedAt, id]);
}

export function deleteJob(sql: Sql, id: string): void {
  // Foreign keys are not enforced: the rows go first, by hand.
  sql.transaction(() => {
    sql.run('DELETE FROM bulk_rows WHERE job_id = ?', [id]);
    sql.run('DELETE FROM bulk_jobs WHERE id = ?', [id]);
  });
}

export function countRows(sql: Sql, jobId: string): Record<BulkRowStatus, number> {
  const counts: Record<BulkRowStatus, number> = { queued: 0, sending: 0, created: 0, reused: 0, failed: 0, cancelled: 0 };
  for (const r of sql.all<{ status: string; n: number }>(
    'SELECT status, COUNT(*) AS n FROM bulk_rows WHERE job_id = ? GROUP BY status',
    [jobId],
  )) {
    if (r.status in counts) counts[r.status as BulkRowStatus] = Number(r.n);
  }
  return counts;
}

export function rowsPage(sql: Sql, jobId: string, offset: number, limit: number): StoredRow[] {
  return sql
    .all<RowRecord>(`SELECT ${ROW_COLUMNS} FROM bulk_rows WHERE job_id = ? ORDER BY idx LIMIT ? OFFSET ?`, [jobId, limit, offset])
    .map(toRow);
}

/** The first queued rows of a job, in order. */
export function queuedRows(sql: Sql, jobId: string, limit: number): StoredRow[] {
  return sql
    .all<RowRecord>(`SELECT ${ROW_COLUMNS} FROM bulk_rows WHERE job_id = ? AND status = 'queued' ORDER BY idx LIMIT ?`, [jobId, limit])
    .map(toRow);
}

/** Rows whose create was in the outbox when the runner last stopped. */
export function sendingRows(sql: Sql): StoredRow[] {
  return sql.all<RowRecord>(`SELECT ${ROW_COLUMNS} FROM bulk_rows WHERE status = 'sending' ORDER BY job_id, idx`).map(toRow);
}

export interface RowPatch {
  status: BulkRowStatus;
  opId?: string | null;
  linkId?: number | null;
  shortUrl?: string | null;
  error?: RowError | null;
}

export function updateRow(sql: Sql, jobId: string, idx: number, patch: RowPatch): void {
  sql.run('UPDATE bulk_rows SET status = ?, op_id = ?, link_id = ?, short_url = ?, error = ? WHERE job_id = ? AND idx = ?', [
    patch.status,
    patch.opId ?? null,
    patch.linkId ?? null,
    patch.shortUrl ?? null,
    encodeError(patch.error),
    jobId,
    idx,
  ]);
}

/** Every queued row of a job becomes cancelled. */
export function cancelQueued(sql: Sql, jobId: string): void {
  sql.run("UPDATE bulk_rows SET status = 'cancelled' WHERE job_id = ? AND status = 'queued'", [jobId]);
}

/**
 * Requests the queued rows will still cost: one per row, except that with reuse on, rows without
 * a custom alias that share a URL and domain make one link between them.
 */
export function requestsLeft(sql: Sql, jobId: string, reuse: boolean): number {
  if (!reuse) return sql.count("SELECT COUNT(*) AS n FROM bulk_rows WHERE job_id = ? AND status IN ('queued', 'sending')", [jobId]);
  return sql.count(
    `SELECT (SELECT COUNT(*) FROM bulk_rows WHERE job_id = ? AND status IN ('queued', 'sending')
               AND COALESCE(json_extract(input, '$.custom'), '') <> '')
          + (SELECT COUNT(DISTINCT json_extract(input, '$.url') || ' ' || COALESCE(json_extract(input, '$.domain'), ''))
               FROM bulk_rows WHERE job_id = ? AND status IN ('queued', 'sending')
               AND COALESCE(json_extract(input, '$.custom'), '') = '') AS n`,
    [jobId, jobId],
  );
}

/**
 * The service's id of what an outbox operation created, once it was answered (the outbox keeps
 * this map in the same file). Lets a row found 'sending' after a restart learn its outcome when
 * the answer came just before the app stopped.
 */
export function createdIdOfOp(sql: Sql, opId: string): number | null {
  return sql.get<{ real_id: number }>("SELECT real_id FROM outbox_ids WHERE op_id = ? AND kind = 'link'", [opId])?.real_id ?? null;
}
