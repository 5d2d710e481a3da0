import type { MirrorLink, MirrorLinkPage } from '../shared/models.js';
import { csvLine, CSV_EOL } from '../shared/csv.js';
import { age, formatNumber, t } from './i18n.js';
import type { Output } from './output.js';

const CSV_COLUMNS: readonly [string, (l: MirrorLink) => string | number | boolean | null][] = [
  ['short_url', (l) => l.shortUrl],
  ['alias', (l) => l.alias],
  ['long_url', (l) => l.longUrl],
  ['title', (l) => l.title],
  ['clicks', (l) => l.clicks],
  ['date', (l) => l.date],
  ['domain', (l) => l.domain],
  ['status', (l) => l.status],
  ['pending', (l) => l.pending],
  ['failed', (l) => l.failed],
];

/** The columns of piped `find`/`list` output, in order. */
export const PIPED_COLUMNS = ['short_url', 'long_url', 'clicks', 'title', 'alias'] as const;

/** A page of links: JSON, CSV, a table on a terminal, or one tab-separated line per link when piped. */
export function printLinks(
  out: Output,
  page: MirrorLinkPage,
  profileName: string,
  csv: boolean,
  header = false,
): void {
  if (out.json) {
    out.data({
      profile: profileName,
      total: page.total,
      unknown: page.unknown,
      syncedAt: page.syncedAt,
      links: page.items,
    });
  } else if (csv) {
    out.raw(
      csvLine(CSV_COLUMNS.map(([h]) => h)) +
        CSV_EOL +
        page.items.map((l) => csvLine(CSV_COLUMNS.map(([, read]) => read(l))) + CSV_EOL).join(''),
    );
  } else if (out.human) {
    out.table(
      page.items.map((l) => [
        out.style('bold', l.shortUrl),
        formatNumber(l.clicks),
        mark(out, l) + truncate(l.title || l.longUrl, 60),
      ]),
      [t('cli.links.headShortUrl'), t('cli.links.headClicks'), t('cli.links.headTitle')],
    );
  } else {
    // The documented order (docs/cli.md); new columns only ever go at the end.
    if (header) out.line(PIPED_COLUMNS.join('\t'));
    out.lines(
      page.items.map((l) =>
        [l.shortUrl, l.longUrl, l.clicks, l.title, l.alias].map((v) => String(v).replace(/[\t\r\n]+/g, ' ')).join('\t'),
      ),
    );
  }
  // How old the answer is, and what was left out: for the person, never in the results.
  const values = { shown: page.items.length, n: page.total, profile: profileName, ago: age(page.syncedAt) };
  const shown =
    page.items.length < page.total ? t('cli.links.summaryPart', values) : t('cli.links.summary', values);
  out.note(page.unknown ? `${shown} ${t('cli.links.unknown', { n: page.unknown })}` : shown);
}

const mark = (out: Output, l: MirrorLink) =>
  l.failed ? out.style('red', '! ') : l.pending ? out.style('yellow', '… ') : '';
const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
