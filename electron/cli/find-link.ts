import type { MirrorLink, MirrorLinkPage } from '../shared/models.js';
import { CliError, EXIT } from './exit-codes.js';
import type { Session } from './session.js';

/**
 * A mirrored link by its alias or its short URL (exact: a search finds candidates, the alias or
 * address must match). Not in the mirror → not found (exit 1), with a hint to sync.
 */
export async function findLink(session: Session, aliasOrUrl: string): Promise<MirrorLink> {
  const wanted = aliasOrUrl.trim();
  const isUrl = /^https?:\/\//i.test(wanted);
  const alias = isUrl
    ? decodeURIComponent(new URL(wanted).pathname.replace(/^\/+|\/+$/g, ''))
    : wanted.replace(/^\/+/, '');
  const page = await session.call<MirrorLinkPage>('links:list', { q: alias, limit: 500 });
  const same = (a: string, b: string) =>
    a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
  const found = isUrl
    ? page.items.find((l) => same(l.shortUrl, wanted))
    : (page.items.find((l) => l.alias === alias) ??
      page.items.find((l) => l.alias.toLowerCase() === alias.toLowerCase()));
  if (!found)
    throw new CliError(
      EXIT.refused,
      `No link "${aliasOrUrl}" in the copy of ${session.profile.name} on this computer (run "linkdeck sync" if it was made elsewhere just now).`,
    );
  return found;
}
