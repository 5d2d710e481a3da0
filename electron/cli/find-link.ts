import type { MirrorLink, MirrorLinkPage, OutboxItem } from '../shared/models.js';
import { CliError, cliError, EXIT } from './exit-codes.js';
import { errorText, t, tEnglish } from './i18n.js';
import type { Session } from './session.js';

/**
 * A mirrored link by its alias or its short URL (exact: a search finds candidates, the alias or
 * address must match). Not in the mirror → not found (exit 1), with a hint to sync.
 *
 * A create still in the outbox (provisional: no short URL from the service yet) never stands in
 * for a real link: after `shorten --alias launch` is refused because `launch` is taken, the
 * refused attempt keeps that alias in the offline copy, and `stats launch`, `open launch` or
 * `delete launch` must act on the service's link, not on the attempt. When only the attempt has
 * the alias, the command says so and how to deal with it (outbox retry/discard, or a sync).
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
  const pick = (links: MirrorLink[]) =>
    isUrl
      ? links.find((l) => l.shortUrl !== '' && same(l.shortUrl, wanted))
      : (links.find((l) => l.alias === alias) ??
        links.find((l) => l.alias.toLowerCase() === alias.toLowerCase()));
  const real = pick(page.items.filter((l) => !l.provisional));
  if (real) return real;
  const attempt = isUrl ? undefined : pick(page.items.filter((l) => l.provisional));
  if (attempt) throw await onlyAnAttempt(session, aliasOrUrl, attempt);
  throw cliError(EXIT.refused, 'cli.lookup.noLink', { wanted: aliasOrUrl, profile: session.profile.name });
}

async function onlyAnAttempt(session: Session, wanted: string, link: MirrorLink): Promise<CliError> {
  const items = await session.call<OutboxItem[]>('outbox:list');
  const item = items.find((i) => i.provisionalId === link.id);
  const id = item ? item.opId : 'ID';
  if (item?.state !== 'failed') return cliError(EXIT.refused, 'cli.lookup.onlyPending', { wanted, id });
  // The service's reason is its own words; Linkdeck's own (a key) in the person's language.
  // --json keeps the English either way.
  const error = item.lastError;
  return new CliError(
    EXIT.refused,
    t('cli.lookup.onlyRefused', { wanted, id, reason: error ? errorText(error) : t('cli.lookup.noReason') }),
    tEnglish('cli.lookup.onlyRefused', { wanted, id, reason: error?.message ?? tEnglish('cli.lookup.noReason') }),
  );
}
