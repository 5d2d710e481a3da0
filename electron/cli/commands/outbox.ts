import type { OutboxItem, SyncProgress } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { age, changeText, errorText, formatTime, t } from '../i18n.js';

/** `linkdeck outbox`: every change not yet confirmed, in the order it goes, and why it waits. */
export async function run(ctx: CommandContext): Promise<number> {
  const session = await ctx.session();
  const [items, sync] = await Promise.all([
    session.call<OutboxItem[]>('outbox:list'),
    session.call<SyncProgress>('sync:status'),
  ]);
  const { out } = ctx;
  if (out.json) {
    out.data(items);
    return EXIT.done;
  }
  if (!items.length) {
    out.note(t('cli.outbox.empty', { profile: session.profile.name }));
    return EXIT.done;
  }
  out.table(
    // The id goes last: scripts written for the first four columns keep working.
    items.map((i) => [
      out.human && i.state === 'failed' ? out.style('red', i.state) : i.state,
      out.human ? changeText(i) : i.summary,
      // Piped, the columns are for scripts: English reasons and ages, as before.
      out.human ? why(i, sync.online) : whyEnglish(i, sync.online),
      out.human ? age(i.createdAt) : age(i.createdAt, Date.now(), 'en'),
      i.opId,
    ]),
    out.human
      ? [t('cli.outbox.headState'), t('cli.outbox.headChange'), t('cli.outbox.headWhy'), t('cli.outbox.headQueued'), t('cli.outbox.headId')]
      : undefined,
  );
  if (out.human && items.some((i) => i.state === 'failed'))
    out.note(t('cli.outbox.refusedHint'));
  return EXIT.done;
}

function why(item: OutboxItem, online: boolean): string {
  if (item.state === 'failed')
    return item.lastError ? t('cli.outbox.whyRefused', { reason: errorText(item.lastError) }) : t('cli.outbox.whyRefusedNoReason');
  if (item.blockedBy) return t('cli.outbox.whyBlocked');
  if (item.outcomeUnknown) return t('cli.outbox.whyUnknown');
  if (item.lastError)
    return item.nextAttemptAt
      ? t('cli.outbox.whyErrorNext', { reason: errorText(item.lastError), time: formatTime(item.nextAttemptAt) })
      : errorText(item.lastError);
  if (!online) return t('cli.outbox.whyOffline');
  return item.state === 'sending' ? t('cli.outbox.whySending') : t('cli.outbox.whyNext');
}

/** The reasons as piped output always gave them (scripts read these columns). */
function whyEnglish(item: OutboxItem, online: boolean): string {
  if (item.state === 'failed') return `refused: ${item.lastError?.message ?? 'no reason given'}`;
  if (item.blockedBy) return 'waits for an earlier change';
  if (item.outcomeUnknown) return 'its answer was lost: looked up before it is sent again';
  if (item.lastError)
    return `${item.lastError.message}${item.nextAttemptAt ? ` (next try ${new Date(item.nextAttemptAt).toLocaleTimeString()})` : ''}`;
  if (!online) return 'the service cannot be reached: sent when it answers again';
  return item.state === 'sending' ? 'being sent' : 'next in line';
}
