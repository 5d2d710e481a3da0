import type { OutboxItem, SyncProgress } from '../../shared/models.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import type { Translate } from '../../shared/i18n/translate.js';
import { queuedText, settle } from '../outbox-wait.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { age, changeText, errorText, t } from '../i18n.js';
import type { Session } from '../session.js';

const LOOK_EVERY_MS = 300;

/**
 * `linkdeck sync [--wait]`: reads the links again now (the links view's refresh, forced). With
 * --wait, until the whole sync run is done (the first sync of a new profile can take minutes:
 * progress goes to stderr). Offline: says so and exits 3, the mirror as it was.
 */
export async function run(
  ctx: CommandContext,
  _args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const session = await ctx.session({ needsKey: true });
  const waited = opts['wait'] === true || session.mode === 'self';
  // What waits before anything of this run could send it (working on its own, the command's
  // first call opens the profile, and its outbox starts only then): `sent` counts these too.
  const before = waited ? await session.call<OutboxItem[]>('outbox:list') : [];
  const refreshed = await session.attempt<void>('sync:refresh', {
    view: { kind: 'links' },
    force: true,
  });
  if (!refreshed.ok) {
    if (refreshed.error.code === 'offline') return offline(ctx, session, errorText(refreshed.error));
    throw new CliError(EXIT.refused, errorText(refreshed.error), refreshed.error.message);
  }
  let progress = await session.call<SyncProgress>('sync:status');
  // Working on its own, the command is the only one syncing: it waits for the run it started.
  if (waited) {
    let lastShown = '';
    while (progress.phase !== 'idle' && progress.online) {
      const values = { profile: session.profile.name, done: progress.done, total: progress.total ?? 0, phase: progress.phase };
      const line = progress.total ? t('cli.sync.progressOf', values) : t('cli.sync.progress', values);
      if (line !== lastShown && !ctx.out.json) ctx.out.note(line);
      lastShown = line;
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      progress = await session.call<SyncProgress>('sync:status');
    }
  }
  if (!progress.online)
    return offline(ctx, session, progress.error ? errorText(progress.error) : t('cli.sync.unreachable'));
  if (progress.error) throw new CliError(EXIT.refused, errorText(progress.error), progress.error.message);
  // "Up to date" includes the outbox: changes waiting for a retry time are sent now, and what
  // still cannot go is reported with exit 3, never hidden behind a 0.
  const outbox = waited ? await sendWaiting(session, before) : null;
  // --json keeps the English `reason` alone (the document's shape does not follow the language).
  if (ctx.out.json) ctx.out.data({ ...progress, outbox: outbox && { ...outbox, waiting: outbox.waiting.map(({ reasonRef: _, summaryRef: _s, ...w }) => w) } });
  else if (outbox?.waiting.length)
    ctx.out.warn(
      t('cli.sync.syncedButWaiting', {
        profile: session.profile.name,
        n: outbox.waiting.length,
        list: waitingList(outbox.waiting, t),
      }),
    );
  else
    ctx.out.note(
      progress.phase === 'idle'
        ? t('cli.sync.upToDate', { profile: session.profile.name, ago: age(progress.syncedAt) })
        : t('cli.sync.syncingInApp', { profile: session.profile.name, phase: progress.phase }),
    );
  if (outbox?.refused.length && !ctx.out.json)
    ctx.out.warn(
      t('cli.sync.refused', { n: outbox.refused.length }),
    );
  return outbox?.waiting.length ? EXIT.queued : EXIT.done;
}

export interface WaitingChange {
  opId: string;
  /** What the change does in English (--json); `summaryRef` for the person's language. */
  summary: string;
  summaryRef?: MessageRef;
  reason: string;
  reasonRef?: MessageRef;
}

/** The waiting changes for a person, each with why it waits, in the language of `say`. */
export const waitingList = (waiting: readonly WaitingChange[], say: Translate): string =>
  waiting.map((w) => say('cli.sync.waitingItem', { summary: changeText(w, say), reason: queuedText(w, say) })).join('; ');

const NOT_SENT = msg('cli.sync.notSent');

/** A change's English summary, and its message when the backend gave one (for the person's line). */
const said = (item: OutboxItem): Pick<WaitingChange, 'summary' | 'summaryRef'> => ({
  summary: item.summary,
  ...(item.summaryRef ? { summaryRef: item.summaryRef } : {}),
});

interface OutboxReport {
  sent: number;
  /** `reason` in English (for --json), `reasonRef` for the person's language. */
  waiting: WaitingChange[];
  refused: { opId: string; summary: string; message: string }[];
}

/**
 * Sends what the outbox holds now and waits for the answers. A change held back by a transient
 * failure (its retry time not come yet) is retried at once; one whose answer was lost is not: it
 * must be looked up first, after the service's longest run, or it could be made twice, so it is
 * reported as waiting. Changes listed `before` and gone by now were sent meanwhile by this run
 * (or the app): counted as sent when the outbox confirms it.
 */
async function sendWaiting(session: Session, before: readonly OutboxItem[]): Promise<OutboxReport> {
  const now = Date.now();
  const items = await session.call<OutboxItem[]>('outbox:list');
  const listed = new Set(items.map((i) => i.opId));
  const gone = before.filter((i) => i.state !== 'failed' && !listed.has(i.opId)).map((i) => i.opId);
  const pending = items.filter((i) => i.state !== 'failed');
  const attemptsBefore = new Map<string, number>();
  for (const item of pending) {
    const waitsForRetry =
      item.state === 'queued' && !item.outcomeUnknown && item.lastError !== null &&
      item.nextAttemptAt !== null && item.nextAttemptAt > now;
    // A retry starts the count again (attempts 0): one more failure is then "tried now".
    const retried = waitsForRetry && (await session.attempt('outbox:retry', { opId: item.opId })).ok;
    attemptsBefore.set(item.opId, retried ? 0 : item.attempts);
  }
  const settled = await settle(session, [...pending.map((i) => i.opId), ...gone], undefined, attemptsBefore);
  // A gone change the outbox does not know any more was sent or discarded elsewhere: not ours.
  const report: OutboxReport = { sent: gone.filter((id) => settled.get(id)?.kind === 'done').length, waiting: [], refused: [] };
  for (const item of items) {
    const result = settled.get(item.opId);
    if (item.state === 'failed')
      report.refused.push({ opId: item.opId, summary: item.summary, message: item.lastError?.message ?? '' });
    else if (result?.kind === 'done') report.sent++;
    else if (result?.kind === 'refused')
      report.refused.push({ opId: item.opId, summary: item.summary, message: result.message });
    else if (result?.kind === 'queued')
      report.waiting.push({ opId: item.opId, ...said(item), reason: result.reason, ...(result.reasonRef ? { reasonRef: result.reasonRef } : {}) });
    else report.waiting.push({ opId: item.opId, ...said(item), reason: englishText(NOT_SENT), reasonRef: NOT_SENT });
  }
  return report;
}

function offline(ctx: CommandContext, session: Session, why: string): number {
  ctx.out.warn(t('cli.sync.offline', { profile: session.profile.name, why }));
  return EXIT.queued;
}
