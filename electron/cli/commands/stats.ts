import type { CountMap, LinkOrigin, MirrorLinkDetails } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { findLink } from '../find-link.js';
import { age } from '../output.js';

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
      (o): [string, string] => [`Before the move (${o.source})`, originLine(o)],
    ),
    ['Countries', top(stats?.topCountries)],
    ['Referrers', top(stats?.topReferrers)],
    ['Browsers', top(stats?.topBrowsers)],
    ['Systems', top(stats?.topOs)],
    ['Social', top(stats?.socialCount)],
  ];
  if (out.human) out.table(rows.map(([k, v]) => [out.style('dim', k), v]));
  else out.lines(rows.map(([k, v]) => `${k}\t${v}`));
  out.note(
    detail.stale
      ? detail.fetchedAt === null
        ? 'These figures were never read from the service (it could not be reached): the counts are what the list knows.'
        : `These figures were read ${age(detail.fetchedAt)}: the service could not be reached to read them again.`
      : detail.fetchedAt === null
        ? 'These figures were never read from the service.'
        : `Read ${age(detail.fetchedAt)}.`,
  );
  return EXIT.done;
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

function top(map: CountMap | undefined): string {
  if (!map) return '';
  const entries = Object.entries(map)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return (
    entries
      .slice(0, 5)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') + (entries.length > 5 ? ', …' : '')
  );
}
