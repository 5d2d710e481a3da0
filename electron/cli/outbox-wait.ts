import type { OutboxOutcome } from '../shared/contract.js';
import type { OutboxItem, SyncProgress } from '../shared/models.js';
import type { Session } from './session.js';
import { errorMessageRef } from '../shared/errors.js';
import { englishText, msg, renderMessage, type MessageParam, type MessageRef } from '../shared/message-ref.js';
import type { Translate } from '../shared/i18n/translate.js';

export type Settled =
  | { kind: 'done'; outcome: OutboxOutcome }
  /** `message` in English (--json); `error` whole, to say it in the person's language (errorText). */
  | { kind: 'refused'; message: string; error: { message: string; key?: string; params?: unknown } }
  /** Saved in the outbox, not sent: the app (or the next command) sends it. */
  | { kind: 'queued'; reason: string; reasonRef?: MessageRef };

/**
 * Why a change waits, for a person: in the command line's language when it is a message of
 * ours (issue 44), else the words as they came. `reason` stays English for --json.
 */
export const queuedText = (settled: { reason: string; reasonRef?: MessageRef }, t: Translate): string =>
  settled.reasonRef ? renderMessage(settled.reasonRef, t) : settled.reason;

/** A queued outcome from a ref: its English for --json, the ref for the human line. */
const queued = (reasonRef: MessageRef): Settled => ({ kind: 'queued', reason: englishText(reasonRef), reasonRef });

/** An outbox error as a message argument: its key when it has one, else its words. */
const errorParam = (error: { message: string; key?: string; params?: unknown }): MessageParam =>
  errorMessageRef(error as Parameters<typeof errorMessageRef>[0]) ?? error.message;

/** A retry further away than this is not waited for: the change stays queued for the app. */
const LONGEST_WAIT_MS = 30_000;
/** How often the outbox is read while waiting (to see an operation held back by a failure). */
const LOOK_EVERY_MS = 250;

/**
 * Waits until each operation is sent (or refused), or is held back for a while (offline, a
 * retry far off, a create whose answer was lost and must be looked up later): a command does
 * not wait for the network to come back, it says the change is queued and exits 3.
 */
export async function settle(
  session: Session,
  opIds: readonly string[],
  now = () => Date.now(),
  /**
   * sync --wait, after its sync: the service just answered, so a change that failed earlier for
   * being offline goes now and is waited for; each change gets one try in this run (its attempts
   * as they were before it), and one that fails again is reported, not waited for through its
   * backoff.
   */
  oneTry: ReadonlyMap<string, number> | null = null,
): Promise<Map<string, Settled>> {
  const results = new Map<string, Settled>();
  let finish: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finish = resolve));
  const record = (opId: string, settled: Settled) => {
    if (results.has(opId)) return;
    results.set(opId, settled);
    if (results.size === opIds.length) finish();
  };
  if (opIds.length === 0) return results;
  for (const opId of opIds) {
    void session.attempt<OutboxOutcome>('outbox:wait', { opId }).then(
      (r) =>
        record(
          opId,
          r.ok ? { kind: 'done', outcome: r.value } : { kind: 'refused', message: r.error.message, error: r.error },
        ),
      (error: unknown) => record(opId, { kind: 'queued', reason: (error as Error).message }),
    );
  }
  while (results.size < opIds.length) {
    const tick = new Promise<void>((resolve) => setTimeout(resolve, LOOK_EVERY_MS).unref());
    await Promise.race([allDone, tick]);
    if (results.size === opIds.length) break;
    const [listed, sync] = await Promise.all([
      session.attempt<OutboxItem[]>('outbox:list'),
      session.attempt<SyncProgress>('sync:status'),
    ]);
    // Known to be offline (the sync or an earlier change found out): nothing is tried until the
    // service answers a probe again, so nothing here will be sent soon.
    const offline = sync.ok && !sync.value.online ? msg('cli.held.offline') : null;
    if (!listed.ok) continue;
    for (const item of listed.value) {
      if (!opIds.includes(item.opId) || results.has(item.opId)) continue;
      const triedNow = oneTry && item.lastError && item.attempts > (oneTry.get(item.opId) ?? 0);
      const held = triedNow
        ? msg('cli.held.triedNow', { reason: errorParam(item.lastError!) })
        : oneTry && item.lastError?.code === 'offline' && !offline
          ? null
          : (heldBackRef(item, now()) ?? (item.state === 'queued' ? offline : null));
      if (held) record(item.opId, queued(held));
    }
  }
  return results;
}

/** Why an operation will not be sent soon, as a message, or null while it is on its way. */
export function heldBackRef(item: OutboxItem, now: number): MessageRef | null {
  if (item.state === 'failed') return null; // its wait answers with the refusal
  if (!item.lastError) return item.blockedBy ? msg('cli.held.behindRefused', { opId: item.blockedBy }) : null;
  if (item.lastError.code === 'offline') return msg('cli.held.offlineBecause', { reason: errorParam(item.lastError) });
  if (item.nextAttemptAt !== null && item.nextAttemptAt - now > LONGEST_WAIT_MS)
    // The time as a number: the message formats it in the reader's locale ({at, time, medium}).
    return msg('cli.held.nextAttempt', { at: item.nextAttemptAt, reason: errorParam(item.lastError) });
  return null;
}

/** The same in English (--json, logs). */
export function heldBack(item: OutboxItem, now: number): string | null {
  const ref = heldBackRef(item, now);
  return ref ? englishText(ref) : null;
}
