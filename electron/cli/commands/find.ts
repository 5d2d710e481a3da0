import type { MirrorLinkPage, MirrorLinkQuery } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { collectPages, linkQuery, type ListOptions } from '../link-query-options.js';
import { printLinks } from '../link-rows-out.js';
import { filtersWithNames } from '../lookups.js';
import { ownerAnswers, readLinksDirect } from '../mirror-read.js';

/**
 * `linkdeck find TEXT` and `linkdeck list`: the links view's search, filters and sorts over the
 * mirror, offline as well. With the app running it answers (its index is warm); without, the
 * mirror is read directly (mirror-read.ts), which is what keeps this command quick.
 */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const words = args[0] as string[] | undefined;
  const { query, named, want } = linkQuery(opts as ListOptions, process.argv, words?.join(' '));
  const csv = opts['csv'] === true;
  if (!(await ownerAnswers(ctx.dataDir))) {
    const direct = await readLinksDirect(ctx.dataDir, ctx.options.profile, query, named, want);
    if (direct) {
      printLinks(ctx.out, direct.page, direct.profileName, csv, opts['header'] === true);
      return EXIT.done;
    }
  }
  const session = await ctx.session();
  const filters = await filtersWithNames(session, query.filters, named);
  const page = await collectPages(
    (q: MirrorLinkQuery) => session.call<MirrorLinkPage>('links:list', q),
    { ...query, filters },
    want,
  );
  printLinks(ctx.out, page, session.profile.name, csv, opts['header'] === true);
  return EXIT.done;
}
