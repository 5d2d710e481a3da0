import type { OutboxItem, SyncProgress } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { age } from '../output.js';

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
    out.note(`Nothing waits in ${session.profile.name}'s outbox.`);
    return EXIT.done;
  }
  out.table(
    // The id goes last: scripts written for the first four columns keep working.
    items.map((i) => [
      out.human && i.state === 'failed' ? out.style('red', i.state) : i.state,
      i.summary,
      why(i, sync.online),
      age(i.createdAt),
      i.opId,
    ]),
    out.human ? ['STATE', 'CHANGE', 'WHY IT WAITS', 'QUEUED', 'ID'] : undefined,
  );
  if (out.human && items.some((i) => i.state === 'failed'))
    out.note('A refused change: "linkdeck outbox retry ID" sends it again, "linkdeck outbox discard ID" drops it.');
  return EXIT.done;
}

function why(item: OutboxItem, online: boolean): string {
  if (item.state === 'failed') return `refused: ${item.lastError?.message ?? 'no reason given'}`;
  if (item.blockedBy) return 'waits for an earlier change';
  if (item.outcomeUnknown) return 'its answer was lost: looked up before it is sent again';
  if (item.lastError)
    return `${item.lastError.message}${item.nextAttemptAt ? ` (next try ${new Date(item.nextAttemptAt).toLocaleTimeString()})` : ''}`;
  if (!online) return 'the service cannot be reached: sent when it answers again';
  return item.state === 'sending' ? 'being sent' : 'next in line';
}
