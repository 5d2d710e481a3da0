import type { MirrorLink, OutboxItem } from '../../shared/models.js';
import { confirm } from '../confirm.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { findLink } from '../find-link.js';
import { errorText, sayNames, t } from '../i18n.js';
import { queuedText, settle } from '../outbox-wait.js';

/** `linkdeck delete ALIAS…`: queued deletes, sent before the command ends (or left queued: exit 3). */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const session = await ctx.session({ needsKey: true });
  const { out } = ctx;
  const links: MirrorLink[] = [];
  // Every name is checked before anything is deleted: a typo stops the whole command.
  for (const name of args[0] as string[]) links.push(await findLink(session, name));
  if (opts['yes'] !== true) {
    const question = t('cli.delete.confirm', {
      n: links.length,
      url: links[0]!.shortUrl,
      aliases: sayNames(links.map((l) => l.alias)),
      profile: session.profile.name,
    });
    if (!(await confirm(question))) {
      out.note(t('cli.delete.nothingDeleted'));
      return EXIT.done;
    }
  }
  const ops: { link: MirrorLink; opId: string }[] = [];
  for (const link of links)
    ops.push({
      link,
      opId: (await session.call<OutboxItem>('links:delete', { id: link.id })).opId,
    });
  const settled = await settle(
    session,
    ops.map((o) => o.opId),
  );
  let code: number = EXIT.done;
  const rows = ops.map(({ link, opId }) => ({ link, result: settled.get(opId)! }));
  if (out.json)
    out.data(
      rows.map(({ link, result }) => ({
        alias: link.alias,
        shortUrl: link.shortUrl,
        status: result.kind,
        ...(result.kind === 'refused' ? { message: result.message } : {}),
        ...(result.kind === 'queued' ? { message: result.reason } : {}),
      })),
    );
  for (const { link, result } of rows) {
    if (result.kind === 'done') {
      if (!out.json) out.line(out.human ? t('cli.delete.deleted', { url: link.shortUrl }) : link.shortUrl);
    } else if (result.kind === 'refused') {
      // The service's or Linkdeck's reason in the person's language (--json above keeps English).
      out.error(`${link.shortUrl}: ${errorText(result.error)}`);
      code = EXIT.refused;
    } else {
      out.warn(t('cli.delete.queued', { url: link.shortUrl, reason: queuedText(result, t) }));
      if (code === EXIT.done) code = EXIT.queued;
    }
  }
  return code;
}
