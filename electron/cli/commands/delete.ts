import type { MirrorLink, OutboxItem } from '../../shared/models.js';
import { confirm } from '../confirm.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { findLink } from '../find-link.js';
import { settle } from '../outbox-wait.js';

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
    const what =
      links.length === 1
        ? links[0]!.shortUrl
        : `these ${links.length} links (${links.map((l) => l.alias).join(', ')})`;
    if (!(await confirm(`Delete ${what} from ${session.profile.name}? Its clicks go with it.`))) {
      out.note('Nothing was deleted.');
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
      if (!out.json) out.line(out.human ? `Deleted ${link.shortUrl}` : link.shortUrl);
    } else if (result.kind === 'refused') {
      out.error(`${link.shortUrl}: ${result.message}`);
      code = EXIT.refused;
    } else {
      out.warn(`${link.shortUrl}: the delete is queued, not sent yet (${result.reason}).`);
      if (code === EXIT.done) code = EXIT.queued;
    }
  }
  return code;
}
