import type { ExportFile } from '../../shared/exports.js';
import type { MirrorLinkQuery } from '../../shared/models.js';
import { serviceDate } from '../mirror/dates.js';
import type { Mirror } from '../mirror/index.js';
import { CSV_BOM, CSV_EOL, csvLine, type CsvValue } from '../../shared/csv.js';
import { exportFileName } from './file-names.js';
import { EXPORT_CHUNK, matchingIds, readNames, readRecords, type ExportedLink } from './link-records.js';

/** The CSV's columns: header and how each reads an exported link. Maps and lists are JSON. */
export const LINK_CSV_COLUMNS: ReadonlyArray<readonly [string, (l: ExportedLink) => CsvValue]> = [
  ['id', (l) => l.id],
  ['alias', (l) => l.alias],
  ['short_url', (l) => l.shortUrl],
  ['long_url', (l) => l.longUrl],
  ['title', (l) => l.title],
  ['note', (l) => l.description],
  ['clicks', (l) => l.clicks],
  ['date', (l) => l.date],
  ['domain', (l) => l.domain],
  ['channel_id', (l) => l.channelId],
  ['channel', (l) => l.channelName],
  ['campaign_id', (l) => l.campaignId],
  ['campaign', (l) => l.campaignName],
  ['status', (l) => l.status],
  ['password_protected', (l) => l.passwordProtected],
  ['expiry', (l) => l.expiry],
  ['expired', (l) => l.expired],
  ['alias_is_custom', (l) => l.details?.custom],
  ['redirect', (l) => json(l.details?.redirect)],
  ['branded_domain', (l) => l.details?.domain],
  ['meta_title', (l) => l.details?.metaTitle],
  ['meta_description', (l) => l.details?.metaDescription],
  ['meta_image', (l) => l.details?.metaImage],
  ['geo_targets', (l) => json(l.details?.location)],
  ['device_targets', (l) => json(l.details?.device)],
  ['language_targets', (l) => json(l.details?.language)],
  ['deep_links', (l) => json(l.details?.deepLink)],
  ['pixels', (l) => json(l.details?.pixels)],
  ['parameters', (l) => json(l.details?.parameters)],
  ['updated', (l) => l.details?.updated],
  ['details_read_at', (l) => l.detailsReadAt],
  ['stats_read_at', (l) => l.lastStats?.at],
  ['stats_clicks', (l) => l.lastStats?.clicks],
  ['unique_clicks', (l) => l.lastStats?.uniqueClicks],
  ['top_countries', (l) => json(l.lastStats?.topCountries)],
  ['top_referrers', (l) => json(l.lastStats?.topReferrers)],
  ['top_browsers', (l) => json(l.lastStats?.topBrowsers)],
  ['top_os', (l) => json(l.lastStats?.topOs)],
  ['social', (l) => json(l.lastStats?.socialCount)],
  ['health', (l) => l.health],
  ['provisional', (l) => l.provisional],
  ['pending', (l) => l.pending],
  ['failed', (l) => l.failed],
];

/** Structured values go into one cell as JSON (a string, a list or a map); absent stays empty. */
function json(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface ExportOptions {
  /** Lets other work run between chunks (a 100,000-link export must not freeze the app). */
  yieldEvery?: () => Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every link matching the query's search and filters (all rows, not a window), from the mirror
 * only: no request to the service. Read in chunks by id and written as it goes, so memory holds
 * the text being made and one chunk of rows, never every row object at once.
 */
export async function exportLinks(mirror: Mirror, format: 'csv' | 'json', query: MirrorLinkQuery = {}, options: ExportOptions = {}): Promise<ExportFile> {
  const pause = options.yieldEvery ?? nextTurn;
  const now = mirror.clock.now();
  const nowText = serviceDate(now);
  const ids = matchingIds(mirror.sql, query, nowText);
  const names = readNames(mirror.sql);
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    if (i > 0) await pause();
    const records = readRecords(mirror.sql, ids.slice(i, i + EXPORT_CHUNK), nowText, names);
    count += records.length;
    if (format === 'csv') {
      let text = '';
      for (const record of records) text += csvLine(LINK_CSV_COLUMNS.map(([, read]) => read(record))) + CSV_EOL;
      parts.push(text);
    } else if (records.length > 0) {
      parts.push(records.map((r) => JSON.stringify(r)).join(',\n'));
    }
  }
  const filename = exportFileName('links', format, now);
  if (format === 'csv') {
    const header = csvLine(LINK_CSV_COLUMNS.map(([name]) => name)) + CSV_EOL;
    return { filename, mime: 'text/csv', content: CSV_BOM + header + parts.join('') };
  }
  const head = JSON.stringify({ format: 'linkdeck-links', version: 1, exportedAt: new Date(now).toISOString(), count, query });
  // The metadata object, opened again to hold the links (written as they were made).
  return {
    filename,
    mime: 'application/json',
    content: `${head.slice(0, -1)},"links":[\n${parts.join(',\n')}\n]}\n`,
  };
}
