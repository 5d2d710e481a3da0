import { msg } from '../../shared/message-ref.js';
import type { ExportFile } from '../../shared/exports.js';
import type { CountMap, LinkStats } from '../../shared/models.js';
import { AppError } from '../app-error.js';
import type { Mirror } from '../mirror/index.js';
import { CSV_BOM, csvLines, type CsvValue } from '../../shared/csv.js';
import { exportFileName } from './file-names.js';

/** Every record has this many fields (RFC 4180: the same number on each line). */
const WIDTH = 4;

const row = (...values: CsvValue[]): CsvValue[] => [...values, ...Array<CsvValue>(Math.max(0, WIDTH - values.length)).fill(null)];

/** A count map as rows, largest first, ties by name (as the detail view lists them). */
function countRows(map: CountMap | undefined): CsvValue[][] {
  return Object.entries(map ?? {})
    .filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => row(name === '' ? '(unknown)' : name, n));
}

const SECTIONS: ReadonlyArray<readonly [title: string, column: string, key: keyof LinkStats]> = [
  ['Countries', 'Country', 'topCountries'],
  ['Referrers', 'Referrer', 'topReferrers'],
  ['Browsers', 'Browser', 'topBrowsers'],
  ['Operating systems', 'Operating system', 'topOs'],
  ['Social networks', 'Network', 'socialCount'],
];

/**
 * One link's last statistics as CSV, from the mirror (no request): a header about the link, then
 * sections separated by an empty record: totals, each top list, and every reading kept over
 * time. The statistics are the last details read's, else the newest reading that had them.
 */
export function exportStats(mirror: Mirror, id: number): ExportFile {
  const opened = mirror.linkDetails(id);
  if (!opened) throw AppError.keyed('not-found', msg('errors.open.linkNotSynced'));
  const { link, details, snapshots } = opened;
  const withStats = [...snapshots].reverse().find((s) => s.stats !== null);
  const stats = details?.stats ?? withStats?.stats ?? null;
  const readAt = opened.fetchedAt ?? withStats?.at ?? null;
  const now = mirror.clock.now();

  const rows: CsvValue[][] = [
    row('Link', link.shortUrl),
    row('Long URL', link.longUrl),
    row('Title', link.title),
    row('Statistics read at', readAt === null ? 'never (refresh the link to read them)' : new Date(readAt).toISOString()),
    row('Exported at', new Date(now).toISOString()),
    row(),
    row('Totals'),
    row('Metric', 'Value'),
    row('Clicks', stats?.clicks ?? link.clicks),
    row('Unique clicks', stats?.uniqueClicks ?? null),
  ];
  for (const [title, column, key] of SECTIONS) {
    rows.push(row(), row(title), row(column, 'Clicks'), ...countRows(stats?.[key] as CountMap | undefined));
  }
  rows.push(row(), row('Clicks over time'), row('Time', 'Source', 'Clicks', 'Unique clicks'));
  for (const s of snapshots) rows.push(row(new Date(s.at).toISOString(), s.source, s.clicks, s.uniqueClicks));

  return {
    filename: exportFileName('stats', 'csv', now, link.alias || String(link.id)),
    mime: 'text/csv',
    content: CSV_BOM + csvLines(rows),
  };
}
