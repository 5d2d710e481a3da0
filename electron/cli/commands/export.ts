import { writeFile } from 'node:fs/promises';
import type { ExportFile } from '../../shared/exports.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n.js';
import { linkQuery, type ListOptions } from '../link-query-options.js';
import { filtersWithNames } from '../lookups.js';

/** `linkdeck export`: the app's exporter over the mirror (works offline), to stdout or a file. */
export async function run(
  ctx: CommandContext,
  _args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const { query, named } = linkQuery({ ...(opts as ListOptions), limit: '1' }, process.argv);
  const session = await ctx.session();
  const filters = await filtersWithNames(session, query.filters, named);
  const { limit: _limit, ...rest } = query;
  const file = await session.call<ExportFile>('export:links', {
    // --json (the global option) means JSON on stdout for every command: here, the JSON export.
    format: opts['format'] === 'json' || ctx.out.json ? 'json' : 'csv',
    query: { ...rest, filters },
  });
  const output = opts['output'] as string | undefined;
  if (output) {
    await writeFile(output, file.content, { mode: 0o600 });
    ctx.out.note(t('cli.export.wrote', { file: output }));
    if (ctx.out.json) ctx.out.data({ file: output, bytes: Buffer.byteLength(file.content) });
  } else ctx.out.raw(file.content);
  return EXIT.done;
}
