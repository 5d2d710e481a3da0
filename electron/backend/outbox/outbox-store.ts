import type { OutboxError, OutboxMutation, OutboxState } from '../../shared/models.js';
import type { Sql } from '../mirror/sqlite.js';
import { isCreate, refsOf, targetOf, type TargetKind } from './ops.js';

/*
 * The outbox table: the durable queue and its state machine. An operation is written (state
 * 'queued') before anything is sent; 'sending' is written when its request leaves the profile's
 * queue (`markSending`, not before: a request still waiting for the rate budget cannot have
 * reached the service), so an operation found 'sending' when the file is opened was on the wire
 * when the app stopped: its outcome is unknown. A confirmed operation is deleted in the same
 * transaction that applies the service's answer to the mirror; a refused one stays 'failed'
 * until the user retries or discards it.
 */

export interface StoredOp {
  seq: number;
  opId: string;
  mutation: OutboxMutation;
  idempotencyKey: string;
  state: OutboxState;
  provisionalId: number | null;
  target: { kind: TargetKind; id: number } | null;
  /** Creates: the highest id of that kind in the mirror when queued (look-ups search above it). */
  baselineId: number | null;
  attempts: number;
  outcomeUnknown: boolean;
  /** When the request whose answer was lost left (the latest such); null when none was. */
  lostAt: number | null;
  /** Rows of older versions hold `{ code, message }` only (no key): shown as they are. */
  lastError: OutboxError | null;
  nextAttemptAt: number | null;
  createdAt: number;
}

interface OpRow {
  seq: number;
  op_id: string;
  mutation: string;
  idempotency_key: string;
  state: string;
  provisional_id: number | null;
  target_kind: string | null;
  target_id: number | null;
  baseline_id: number | null;
  attempts: number;
  outcome_unknown: number;
  last_error: string | null;
  next_attempt_at: number | null;
  lost_at: number | null;
  created_at: number;
}

const COLUMNS = `seq, op_id, mutation, idempotency_key, state, provisional_id, target_kind, target_id,
  baseline_id, attempts, outcome_unknown, last_error, next_attempt_at, lost_at, created_at`;

function toOp(r: OpRow): StoredOp {
  return {
    seq: r.seq,
    opId: r.op_id,
    mutation: JSON.parse(r.mutation) as OutboxMutation,
    idempotencyKey: r.idempotency_key,
    state: r.state === 'sending' || r.state === 'failed' ? r.state : 'queued',
    provisionalId: r.provisional_id,
    target:
      r.target_kind !== null && r.target_id !== null
        ? { kind: r.target_kind as TargetKind, id: r.target_id }
        : null,
    baselineId: r.baseline_id,
    attempts: r.attempts,
    outcomeUnknown: r.outcome_unknown === 1,
    lostAt: r.lost_at ?? null,
    lastError: r.last_error
      ? (JSON.parse(r.last_error) as OutboxError)
      : null,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
  };
}

/** Writes a new operation; a create gets the provisional id -seq (seq is never reused). */
export function insertOp(
  sql: Sql,
  init: {
    opId: string;
    mutation: OutboxMutation;
    idempotencyKey: string;
    now: number;
    baselineId: number | null;
  },
): StoredOp {
  const { lastInsertRowid: seq } = sql.run(
    `INSERT INTO outbox (op_id, kind, mutation, idempotency_key, state, baseline_id, refs, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
    [
      init.opId,
      init.mutation.kind,
      JSON.stringify(init.mutation),
      init.idempotencyKey,
      init.baselineId,
      JSON.stringify(refsOf(init.mutation).filter((r) => r.id < 0)),
      init.now,
      init.now,
    ],
  );
  const provisionalId = isCreate(init.mutation.kind) ? -seq : null;
  const target = targetOf(init.mutation, provisionalId);
  sql.run('UPDATE outbox SET provisional_id = ?, target_kind = ?, target_id = ? WHERE seq = ?', [
    provisionalId,
    target?.kind ?? null,
    target?.id ?? null,
    seq,
  ]);
  return getOp(sql, init.opId) as StoredOp;
}

export function getOp(sql: Sql, opId: string): StoredOp | null {
  const row = sql.get<OpRow>(`SELECT ${COLUMNS} FROM outbox WHERE op_id = ?`, [opId]);
  return row ? toOp(row) : null;
}

/** Every operation in queue order. */
export function listOps(sql: Sql): StoredOp[] {
  return sql.all<OpRow>(`SELECT ${COLUMNS} FROM outbox ORDER BY seq`).map(toOp);
}

/** What deciding the order of sending needs of an operation, read without its JSON. */
export interface OpHead {
  seq: number;
  opId: string;
  state: OutboxState;
  target: { kind: TargetKind; id: number } | null;
  nextAttemptAt: number | null;
}

/** Up to `limit` operations after `seq`, in queue order (a queue is read in chunks). */
export function headsAfter(sql: Sql, seq: number, limit: number): OpHead[] {
  return sql
    .all<Pick<OpRow, 'seq' | 'op_id' | 'state' | 'target_kind' | 'target_id' | 'next_attempt_at'>>(
      `SELECT seq, op_id, state, target_kind, target_id, next_attempt_at FROM outbox
       WHERE seq > ? ORDER BY seq LIMIT ?`,
      [seq, limit],
    )
    .map((r) => ({
      seq: r.seq,
      opId: r.op_id,
      state: r.state === 'sending' || r.state === 'failed' ? r.state : 'queued',
      target:
        r.target_kind !== null && r.target_id !== null
          ? { kind: r.target_kind as TargetKind, id: r.target_id }
          : null,
      nextAttemptAt: r.next_attempt_at,
    }));
}

/** Operations that mark one object, oldest first. */
export function opsOn(sql: Sql, kind: TargetKind, id: number): StoredOp[] {
  return sql
    .all<OpRow>(
      `SELECT ${COLUMNS} FROM outbox WHERE target_kind = ? AND target_id = ? ORDER BY seq`,
      [kind, id],
    )
    .map(toOp);
}

export interface OpPatch {
  state?: OutboxState;
  mutation?: OutboxMutation;
  idempotencyKey?: string;
  attempts?: number;
  outcomeUnknown?: boolean;
  lastError?: OutboxError | null;
  nextAttemptAt?: number | null;
  lostAt?: number | null;
}

export function updateOp(sql: Sql, opId: string, patch: OpPatch, now: number): void {
  const sets: string[] = ['updated_at = ?'];
  const params: (string | number | null)[] = [now];
  const set = (column: string, value: string | number | null) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (patch.state !== undefined) set('state', patch.state);
  if (patch.mutation !== undefined) {
    set('mutation', JSON.stringify(patch.mutation));
    set('refs', JSON.stringify(refsOf(patch.mutation).filter((r) => r.id < 0)));
  }
  if (patch.idempotencyKey !== undefined) set('idempotency_key', patch.idempotencyKey);
  if (patch.attempts !== undefined) set('attempts', patch.attempts);
  if (patch.outcomeUnknown !== undefined) set('outcome_unknown', patch.outcomeUnknown ? 1 : 0);
  if (patch.lastError !== undefined)
    set('last_error', patch.lastError === null ? null : JSON.stringify(patch.lastError));
  if (patch.nextAttemptAt !== undefined) set('next_attempt_at', patch.nextAttemptAt);
  if (patch.lostAt !== undefined) set('lost_at', patch.lostAt);
  sql.run(`UPDATE outbox SET ${sets.join(', ')} WHERE op_id = ?`, [...params, opId]);
}

/**
 * The request of an attempt leaves now: 'sending', stamped with when it left (a restart reads
 * it). False, and nothing written, when the operation is no longer the one the attempt holds
 * (discarded, retried or edited meanwhile: its idempotency key changed, or it was refused): that
 * request must not leave.
 */
export function markSending(
  sql: Sql,
  op: Pick<StoredOp, 'opId' | 'idempotencyKey'>,
  attempts: number,
  now: number,
): boolean {
  return (
    sql.run(
      `UPDATE outbox SET state = 'sending', attempts = ?, updated_at = ?
       WHERE op_id = ? AND idempotency_key = ? AND state <> 'failed'`,
      [attempts, now, op.opId, op.idempotencyKey],
    ).changes > 0
  );
}

export function deleteOp(sql: Sql, opId: string): void {
  sql.run('DELETE FROM outbox WHERE op_id = ?', [opId]);
}

/**
 * After a restart: operations that were on the wire have an unknown outcome. A create is looked
 * up at once; its request left when the row was stamped (`updated_at`), so it is sent again only
 * once the service's longest run since then is over (see attempt.ts).
 */
export function recoverSending(sql: Sql, now: number): number {
  return sql.run(
    `UPDATE outbox SET state = 'queued', outcome_unknown = 1,
       lost_at = CASE WHEN kind LIKE '%.create' THEN MAX(COALESCE(lost_at, 0), updated_at) ELSE lost_at END,
       updated_at = ?
     WHERE state = 'sending'`,
    [now],
  ).changes;
}

/** A create was answered: its provisional id now means the service's id. */
export function recordId(
  sql: Sql,
  provisionalId: number,
  kind: TargetKind,
  realId: number,
  opId: string,
): void {
  sql.run(
    `INSERT INTO outbox_ids (provisional_id, kind, real_id, op_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (provisional_id) DO UPDATE SET real_id = excluded.real_id`,
    [provisionalId, kind, realId, opId],
  );
  // Later operations now mark the object under its real id.
  sql.run('UPDATE outbox SET target_id = ? WHERE target_kind = ? AND target_id = ?', [
    realId,
    kind,
    provisionalId,
  ]);
}

/** The service's id for a provisional id, once its create was answered. */
export function realIdOf(sql: Sql, provisionalId: number): number | undefined {
  return sql.get<{ real_id: number }>('SELECT real_id FROM outbox_ids WHERE provisional_id = ?', [
    provisionalId,
  ])?.real_id;
}

/** Ids already claimed by answered creates of this kind (a look-up must not claim them twice). */
export function claimedIds(sql: Sql, kind: TargetKind): Set<number> {
  return new Set(
    sql
      .all<{ real_id: number }>('SELECT real_id FROM outbox_ids WHERE kind = ?', [kind])
      .map((r) => r.real_id),
  );
}

/** The create operation that owns a provisional id (-seq), if it is still in the outbox. */
export function creatorOf(sql: Sql, provisionalId: number): StoredOp | null {
  const row = sql.get<OpRow>(`SELECT ${COLUMNS} FROM outbox WHERE provisional_id = ?`, [
    provisionalId,
  ]);
  return row ? toOp(row) : null;
}
