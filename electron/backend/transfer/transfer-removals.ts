import type { Outbox } from '../outbox/outbox.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Sql } from '../mirror/sqlite.js';
import { msg } from '../../shared/message-ref.js';
import type { RowError } from '../bulk/bulk-store.js';
import { confirmedNotRemoved, pendingRemovals, setRemoval, type StoredTransferRow } from './transfer-store.js';

/*
 * The second half of a move: a source link is deleted only once the target confirmed its copy
 * (its row created or reused), through the SOURCE profile's outbox (durable, paced by its budget,
 * retried while offline). Each row's state is kept in the target's file beside the job:
 *
 *   NULL ──enqueue──▶ pending (delete_op_id) ──answer──▶ removed | failed
 *
 * The two files cannot share a transaction. A crash after the enqueue but before 'pending' was
 * written leaves the row NULL: the next start enqueues a second delete, which the service answers
 * 404, and the outbox counts a delete of something already gone as done. So the link is deleted
 * at most once, and a row is 'removed' only when the source no longer has it.
 */

export interface RemovalSource {
  outbox: Outbox;
  mirror: Mirror;
}

export interface RemovalsOptions {
  /** The target's data file (where the job and its transfer rows are). */
  targetSql: Sql;
  jobId: string;
  source: RemovalSource;
  /** A row's removal changed (to push the job again). */
  onChange: () => void;
  log: (message: string) => void;
}

/** Ops this backend already follows (one follower per delete, however often a job changes). */
const followed = new WeakMap<Outbox, Set<string>>();

/** Sends the deletes of newly confirmed rows and follows those not followed yet (after a restart too). */
export function sweepRemovals(options: RemovalsOptions): void {
  const { targetSql: sql, jobId, source } = options;
  if (!sql.db.open) return;
  for (const row of pendingRemovals(sql, jobId)) followRemoval(options, row);
  for (const row of confirmedNotRemoved(sql, jobId)) {
    let opId: string;
    try {
      opId = source.outbox.enqueue({ kind: 'link.delete', id: row.linkId }).opId;
    } catch (error) {
      setRemoval(sql, jobId, row.idx, 'failed', null, (error as Error).message || msg('importNotes.transferQueueFailed'));
      options.onChange();
      continue;
    }
    setRemoval(sql, jobId, row.idx, 'pending', opId, null);
    followRemoval(options, { ...row, removal: 'pending', deleteOpId: opId });
    options.onChange();
  }
}

function followRemoval(options: RemovalsOptions, row: StoredTransferRow): void {
  const { targetSql: sql, jobId, source } = options;
  const opId = row.deleteOpId;
  if (opId === null) {
    // 'pending' is always written with its op; without one the file was changed by hand.
    setRemoval(sql, jobId, row.idx, 'failed', null, msg('importNotes.transferDeleteLost'));
    return;
  }
  let mine = followed.get(source.outbox);
  if (!mine) followed.set(source.outbox, (mine = new Set()));
  if (mine.has(opId)) return;
  mine.add(opId);
  const settle = (removal: 'removed' | 'failed', error: RowError | null) => {
    mine.delete(opId);
    if (!sql.db.open) return;
    setRemoval(sql, jobId, row.idx, removal, opId, error);
    options.onChange();
  };
  source.outbox.settled(opId).then(
    () => settle('removed', null),
    (error: unknown) => {
      if (!sql.db.open) return;
      const op = source.outbox.get(opId);
      if (!op) {
        // Answered before this start (the outbox forgets what went through), or discarded by the
        // person: the source's mirror tells which.
        const still = source.mirror.link(row.linkId);
        if (still === null) settle('removed', null);
        else settle('failed', msg('importNotes.transferDeleteDiscarded'));
        return;
      }
      const message = (error as Error).message || msg('importNotes.transferDeleteRefused');
      // The row keeps the service's words; the person's outbox is not filled with a job's refusals.
      try {
        if (op.state === 'failed') source.outbox.discard(opId);
      } catch (discardError) {
        options.log(`[transfer] could not take a refused delete out of the outbox: ${(discardError as Error).message}`);
      }
      settle('failed', message);
    },
  );
}
