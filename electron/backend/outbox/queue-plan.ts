import type { Sql } from '../mirror/sqlite.js';
import { isCreate, isDelete, provisionalRefs, refsOf, type Ref } from './ops.js';
import { identitiesOf } from './lost-answer.js';
import { creatorOf, getOp, headsAfter, realIdOf, type OpHead } from './outbox-store.js';

/** Reading a queue of 1,000 operations at once for every send would be quadratic: chunks. */
const SCAN_CHUNK = 64;

/** What an operation's mutation touches besides its target, for the order of sending. */
interface Footprint {
  /** Other objects it names (the channel a link goes into …), ids possibly provisional. */
  names: Ref[];
  /** Creates or deletes its target: what names that object must wait for it. */
  makesOrEnds: boolean;
  /** Deletes its target: it must wait for what names that object. */
  deletes: boolean;
  /** Creates a look-up could mistake for each other (see lost-answer.ts). */
  identities: string[];
  /** Provisional ids it names (it can never go if their create was discarded). */
  provisional: Ref[];
}

/** Where an operation stands in the queue, and what it waits for. */
export interface Standing {
  head: OpHead;
  /** The earliest operation it must follow that has not gone through, or null. */
  waitsFor: OpHead | null;
  /** At the root of that chain: a failed operation, or one waiting for its retry time. */
  heldBy: OpHead | null;
  /** Its create (or one it names) was discarded: it can never be sent. */
  orphan: boolean;
}

export interface QueuePlan {
  /**
   * Walks the queue in order. Operations go out in queue order, except that one which cannot go
   * now (failed, waiting for its retry time, or for the service to finish a create whose answer
   * was lost) holds back only the operations that must follow it: those on the same object,
   * those naming an object it creates or deletes (or deleting one it names), and creates a
   * look-up could mistake for it. Everything else goes on. `visit` returns true to stop.
   */
  plan(now: number, visit: (standing: Standing) => boolean): void;
  /** A create was answered: operations naming its provisional id now wait on the real one. */
  noteRealId(provisionalId: number, id: number): void;
  /** An operation's mutation was edited: its footprint is read again. */
  forget(opId: string): void;
}

/** The order in which a profile's outbox may send, read from its queue (see `plan`). */
export function createQueuePlan(sql: Sql): QueuePlan {
  /**
   * The service's ids of answered creates, as far as this outbox has asked (an id, once known,
   * never changes; "not yet" holds until a create is answered, which `settle` records).
   */
  const realIds = new Map<number, number | null>();
  const realIdKnown = (provisionalId: number): number | undefined => {
    let id = realIds.get(provisionalId);
    if (id === undefined) {
      id = realIdOf(sql, provisionalId) ?? null;
      if (realIds.size > 10_000) realIds.clear();
      realIds.set(provisionalId, id);
    }
    return id ?? undefined;
  };
  const resolved = (ref: Ref) =>
    `${ref.kind}:${ref.id < 0 ? (realIdKnown(ref.id) ?? ref.id) : ref.id}`;

  /** Footprints by operation (a mutation changes only when a retry edits it: forgotten then). */
  const footprints = new Map<string, Footprint>();
  function footprintOf(head: OpHead): Footprint {
    let f = footprints.get(head.opId);
    if (f) return f;
    const m = getOp(sql, head.opId)?.mutation;
    const target = head.target ? resolved(head.target) : null;
    f = {
      names: m ? refsOf(m).filter((r) => resolved(r) !== target) : [],
      makesOrEnds: m ? isCreate(m.kind) || isDelete(m.kind) : false,
      deletes: m ? isDelete(m.kind) : false,
      identities: m ? identitiesOf(m).map((i) => `${m.kind}|${i}`) : [],
      provisional: m ? provisionalRefs(m) : [],
    };
    if (footprints.size > 10_000) footprints.clear();
    footprints.set(head.opId, f);
    return f;
  }

  /** See QueuePlan.plan. */
  function plan(now: number, visit: (standing: Standing) => boolean): void {
    // Objects and identities of operations not yet through, with the first one that holds each.
    const byTarget = new Map<string, OpHead>();
    const madeOrEnded = new Map<string, OpHead>();
    const named = new Map<string, OpHead>();
    const byIdentity = new Map<string, OpHead>();
    /** The root of what holds each operation back (itself when it is the root). */
    const rootOf = new Map<string, OpHead | null>();
    const remember = (map: Map<string, OpHead>, key: string, head: OpHead) => {
      if (!map.has(key)) map.set(key, head);
    };
    let after = 0;
    for (;;) {
      const heads = headsAfter(sql, after, SCAN_CHUNK);
      if (heads.length === 0) return;
      for (const head of heads) {
        after = head.seq;
        const f = footprintOf(head);
        const target = head.target ? resolved(head.target) : null;
        const names = f.names.map(resolved);
        let waitsFor: OpHead | null = null;
        const consider = (other: OpHead | undefined) => {
          if (other && (!waitsFor || other.seq < waitsFor.seq)) waitsFor = other;
        };
        if (target !== null) {
          consider(byTarget.get(target));
          if (f.deletes) consider(named.get(target));
        }
        for (const name of names) consider(madeOrEnded.get(name));
        for (const identity of f.identities) consider(byIdentity.get(identity));
        // It names an object whose create left the outbox without an answer (discarded).
        const orphan =
          head.state === 'queued' &&
          f.provisional.some(
            (ref) => realIdKnown(ref.id) === undefined && creatorOf(sql, ref.id) === null,
          );
        const delayed = head.nextAttemptAt !== null && head.nextAttemptAt > now;
        const blocker = waitsFor as OpHead | null;
        const root: OpHead | null = blocker
          ? (rootOf.get(blocker.opId) ?? null)
          : head.state === 'failed' || (head.state === 'queued' && delayed)
            ? head
            : null;
        rootOf.set(head.opId, root);
        if (target !== null) {
          remember(byTarget, target, head);
          if (f.makesOrEnds) remember(madeOrEnded, target, head);
        }
        for (const name of names) remember(named, name, head);
        // A refused create is never looked up: nothing can be mistaken for it.
        if (head.state !== 'failed')
          for (const identity of f.identities) remember(byIdentity, identity, head);
        if (visit({ head, waitsFor: blocker, heldBy: blocker ? root : null, orphan })) return;
      }
    }
  }

  return {
    plan,
    noteRealId: (provisionalId, id) => void realIds.set(provisionalId, id),
    forget: (opId) => void footprints.delete(opId),
  };
}
