import type { OutboxItem } from '../../shared/models.js';
import { confirm } from '../confirm.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT, usageErrorT } from '../exit-codes.js';
import { changeText, errorText, t, tEnglish } from '../i18n.js';
import { queuedText, settle } from '../outbox-wait.js';
import type { Session } from '../session.js';

/** An outbox item by its id, or by a prefix of it that names only one (as `git` takes hashes). */
export async function outboxItem(session: Session, id: string): Promise<OutboxItem> {
  const wanted = id.trim().toLowerCase();
  const items = await session.call<OutboxItem[]>('outbox:list');
  const exact = items.find((i) => i.opId.toLowerCase() === wanted);
  if (exact) return exact;
  const matches = wanted.length >= 4 ? items.filter((i) => i.opId.toLowerCase().startsWith(wanted)) : [];
  if (matches.length === 1) return matches[0]!;
  throw matches.length > 1
    ? usageErrorT('cli.outbox.ambiguousId', { id, n: matches.length })
    : usageErrorT('cli.outbox.noSuchChange', { id, profile: session.profile.name });
}

/** `linkdeck outbox retry ID`: sends a refused or waiting change again now, and waits for its answer. */
export const retry = {
  async run(ctx: CommandContext, args: unknown[]): Promise<number> {
    const session = await ctx.session({ needsKey: true });
    const item = await outboxItem(session, args[0] as string);
    await session.call<OutboxItem>('outbox:retry', { opId: item.opId });
    const outcome = (await settle(session, [item.opId])).get(item.opId)!;
    if (ctx.out.json) ctx.out.data({ opId: item.opId, status: outcome.kind, ...('message' in outcome ? { message: outcome.message } : {}), ...(outcome.kind === 'queued' ? { message: outcome.reason } : {}), ...(outcome.kind === 'done' ? { shortUrl: outcome.outcome.shortUrl ?? null } : {}) });
    if (outcome.kind === 'refused')
      // The person's language for the change and the reason; --json keeps the English words.
      throw new CliError(
        EXIT.refused,
        t('cli.outbox.refusedAgain', { summary: changeText(item), reason: errorText(outcome.error) }),
        tEnglish('cli.outbox.refusedAgain', { summary: item.summary, reason: outcome.message }),
      );
    if (outcome.kind === 'queued') {
      ctx.out.warn(t('cli.outbox.stillWaiting', { summary: changeText(item), reason: queuedText(outcome, t) }));
      return EXIT.queued;
    }
    if (!ctx.out.json) {
      if (outcome.outcome.shortUrl) ctx.out.line(outcome.outcome.shortUrl);
      ctx.out.note(t('cli.outbox.done', { summary: changeText(item) }));
    }
    return EXIT.done;
  },
};

/** `linkdeck outbox discard ID`: drops a change that was not sent (asks unless --yes). */
export const discard = {
  async run(ctx: CommandContext, args: unknown[], opts: Record<string, unknown>): Promise<number> {
    const session = await ctx.session();
    const item = await outboxItem(session, args[0] as string);
    if (opts['yes'] !== true && !(await confirm(t('cli.outbox.confirmDiscard', { summary: changeText(item) })))) {
      ctx.out.note(t('cli.outbox.nothingDropped'));
      return EXIT.done;
    }
    await session.call('outbox:discard', { opId: item.opId });
    if (ctx.out.json) ctx.out.data({ opId: item.opId, status: 'discarded' });
    else ctx.out.note(t('cli.outbox.dropped', { summary: changeText(item) }));
    return EXIT.done;
  },
};
