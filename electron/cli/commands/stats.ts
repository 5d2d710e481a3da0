import type { CountMap, LinkOrigin, MirrorLinkDetails } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { findLink } from '../find-link.js';
import { age, cliLocale, formatNumber, sayNames, t } from '../i18n.js';

/**
 * `linkdeck stats ALIAS`: the figures of the link's detail in the app (`links:get`: read again
 * from the service when older than a few minutes and online, the mirror's copy otherwise).
 */
export async function run(ctx: CommandContext, args: unknown[]): Promise<number> {
  const session = await ctx.session({ needsKey: true });
  const link = await findLink(session, args[0] as string);
  const detail = await session.call<MirrorLinkDetails>('links:get', { id: link.id });
  const { out } = ctx;
  const stats = detail.details?.stats ?? null;
  if (out.json) {
    out.data({
      link: detail.link,
      stats,
      fetchedAt: detail.fetchedAt,
      stale: detail.stale,
      origins: detail.origins,
      snapshots: detail.snapshots,
    });
    return EXIT.done;
  }
  const rows: [string, string][] = [
    ['Short URL', detail.link.shortUrl],
    ['Destination', detail.link.longUrl],
    ['Title', detail.link.title],
    ['Created', detail.link.date],
    ['Clicks', String(stats?.clicks ?? detail.link.clicks)],
    ['Unique clicks', stats ? String(stats.uniqueClicks) : 'not read yet'],
    ...detail.origins.map(
      (o): [string, string] => [`Before the move (${o.source})`, out.human ? originWords(o) : originLine(o)],
    ),
    ['Countries', out.human ? topWords(stats?.topCountries) : top(stats?.topCountries)],
    ['Referrers', out.human ? topWords(stats?.topReferrers) : top(stats?.topReferrers)],
    ['Browsers', out.human ? topWords(stats?.topBrowsers) : top(stats?.topBrowsers)],
    ['Systems', out.human ? topWords(stats?.topOs) : top(stats?.topOs)],
    ['Social', out.human ? topWords(stats?.socialCount) : top(stats?.socialCount)],
  ];
  // Piped, the English labels and plain numbers stay (scripts read them); on a terminal, the
  // person's language and number format.
  if (out.human)
    out.table(
      rows.map(([k, v]) => {
        const origin = /^Before the move \((.*)\)$/.exec(k);
        if (origin) return [out.style('dim', t('cli.stats.beforeMove', { source: origin[1] ?? '' })), v];
        const label = HUMAN_LABELS[k];
        const value =
          (k === 'Clicks' || (k === 'Unique clicks' && stats)) && /^\d+$/.test(v)
            ? formatNumber(Number(v))
            : k === 'Created'
              ? serviceDateTime(v)
              : v;
        return [out.style('dim', label ? t(label) : k), k === 'Unique clicks' && !stats ? t('cli.stats.notReadYet') : value];
      }),
    );
  else out.lines(rows.map(([k, v]) => `${k}\t${v}`));
  out.note(
    detail.stale
      ? detail.fetchedAt === null
        ? t('cli.stats.neverReadOffline')
        : t('cli.stats.readStale', { ago: age(detail.fetchedAt) })
      : detail.fetchedAt === null
        ? t('cli.stats.neverRead')
        : t('cli.stats.read', { ago: age(detail.fetchedAt) }),
  );
  return EXIT.done;
}

/**
 * The service's "2026-11-29 02:50:09" in the person's date format, as the app's link detail shows
 * it (renderer/src/i18n/format.ts formatServiceDateTime: the service's wall clock, no zone
 * guessed). Anything else is shown as it came.
 */
export function serviceDateTime(value: string, locale: string = cliLocale()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  const style: Intl.DateTimeFormatOptions = m[4] === undefined ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, style).format(new Date(y, mo - 1, d, h, mi));
}

/** The table's labels on a terminal (full keys, as the catalogue check wants them). */
const HUMAN_LABELS: Record<string, string> = {
  'Short URL': 'cli.stats.shortUrl',
  Destination: 'cli.stats.destination',
  Title: 'cli.stats.title',
  Created: 'cli.stats.created',
  Clicks: 'cli.stats.clicks',
  'Unique clicks': 'cli.stats.uniqueClicks',
  Countries: 'cli.stats.countries',
  Referrers: 'cli.stats.referrers',
  Browsers: 'cli.stats.browsers',
  Systems: 'cli.stats.systems',
  Social: 'cli.stats.social',
};

/** The same on a terminal, in the person's language (the day stays ISO 8601, as the app's detail). */
function originWords(origin: LinkOrigin): string {
  const day = origin.created === null ? null : new Date(origin.created).toISOString().slice(0, 10);
  const parts = [origin.clicks === null ? t('cli.stats.originClicksUnknown') : t('cli.stats.originClicks', { n: origin.clicks })];
  if (day !== null)
    parts.push(origin.service ? t('cli.stats.originCreatedOn', { service: origin.service, day }) : t('cli.stats.originCreated', { day }));
  if (origin.tags.length) parts.push(t('cli.stats.originTags', { tags: sayNames(origin.tags) }));
  return parts.join('; ');
}

/** One source's figures, as the detail says them: "2500000 clicks; created on Bitly 2023-04-02". */
function originLine(origin: LinkOrigin): string {
  const parts = [origin.clicks === null ? 'clicks not known' : `${origin.clicks} clicks`];
  if (origin.created !== null) {
    const day = new Date(origin.created).toISOString().slice(0, 10);
    parts.push(`created${origin.service ? ` on ${origin.service}` : ''} ${day}`);
  }
  if (origin.tags.length) parts.push(`tags there: ${origin.tags.join(', ')}`);
  return parts.join('; ');
}

/** The most frequent entries, largest first (the rest counted). */
function topEntries(map: CountMap | undefined): { shown: [string, number][]; more: number } {
  const entries = Object.entries(map ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return { shown: entries.slice(0, TOP_MAX), more: Math.max(0, entries.length - TOP_MAX) };
}

const TOP_MAX = 5;

/**
 * The same on a terminal: "United States 12, Germany 1.234" as the language lists measures
 * (CLDR's unit list, as the app's charts say them), numbers in its format; a cut list ends with
 * "and 3 more" as a conjunction list ("…, Germany 5, and 3 more"; "… Deutschland 5 und 3 weitere").
 */
function topWords(map: CountMap | undefined): string {
  const { shown, more } = topEntries(map);
  const items = shown.map(([k, n]) => `${k} ${formatNumber(n)}`);
  if (!more) return sayNames(items, { type: 'unit' });
  return sayNames([...items, t('cli.stats.moreEntries', { n: more })]);
}

/** Piped (scripts read it): English joins and plain numbers, stable. */
function top(map: CountMap | undefined): string {
  const { shown, more } = topEntries(map);
  return shown.map(([k, n]) => `${k} ${n}`).join(', ') + (more ? ', …' : '');
}
