import { openInBrowser } from '../../web/open-browser.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { findLink } from '../find-link.js';

/**
 * `linkdeck open ALIAS|URL`: with --browser, the short link in the web browser (opened from this
 * terminal's session, checked to be http(s) and passed as one argument: open-browser.ts);
 * otherwise the app's window comes forward with the link's detail open (the Electron app:
 * `/links?open=<id>`), or it says why it cannot.
 */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const session = await ctx.session();
  const link = await findLink(session, args[0] as string);
  if (opts['browser'] === true) {
    if (!(await openInBrowser(link.shortUrl)))
      throw new CliError(
        EXIT.refused,
        `No browser could be started here. The short link is ${link.shortUrl}`,
      );
    ctx.out.note(`Opened ${link.shortUrl} in the browser.`);
    if (ctx.out.json) ctx.out.data({ opened: link.shortUrl, in: 'browser' });
    return EXIT.done;
  }
  if (session.mode !== 'app')
    throw new CliError(
      EXIT.refused,
      `Linkdeck is not running, so it cannot show ${link.shortUrl}. Start it, or add --browser to open the short link.`,
    );
  const shown = await session.show(`/links?open=${link.id}`);
  if (!shown.ok)
    throw new CliError(
      EXIT.refused,
      `${shown.error.message} The short link is ${link.shortUrl}; add --browser to open it.`,
    );
  ctx.out.note(`Linkdeck shows ${link.shortUrl}.`);
  if (ctx.out.json) ctx.out.data({ opened: link.shortUrl, in: 'app' });
  return EXIT.done;
}
