import { openInBrowser } from '../../web/open-browser.js';
import type { CommandContext } from '../context.js';
import { CliError, cliError, EXIT } from '../exit-codes.js';
import { errorText, t, tEnglish } from '../i18n.js';
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
      throw cliError(EXIT.refused, 'cli.open.noBrowser', { url: link.shortUrl });
    ctx.out.note(t('cli.open.openedInBrowser', { url: link.shortUrl }));
    if (ctx.out.json) ctx.out.data({ opened: link.shortUrl, in: 'browser' });
    return EXIT.done;
  }
  if (session.mode !== 'app')
    throw cliError(EXIT.refused, 'cli.open.appNotRunning', { url: link.shortUrl });
  const shown = await session.show(`/links?open=${link.id}`);
  if (!shown.ok) {
    // The app's reason in the person's language when it carries a key; --json keeps English.
    const url = link.shortUrl;
    throw new CliError(
      EXIT.refused,
      t('cli.open.notShown', { reason: errorText(shown.error), url }),
      tEnglish('cli.open.notShown', { reason: shown.error.message, url }),
    );
  }
  ctx.out.note(t('cli.open.shown', { url: link.shortUrl }));
  if (ctx.out.json) ctx.out.data({ opened: link.shortUrl, in: 'app' });
  return EXIT.done;
}
