import { CSV_BOM, csvLines } from '../../shared/csv.js';
import type { Mirror } from '../mirror/mirror.js';
import type { StoredRow } from './bulk-store.js';

export const RESULT_COLUMNS = ['row', 'url', 'alias', 'channel', 'campaign', 'domain', 'status', 'short_url', 'link_id', 'error', 'notes'] as const;

/**
 * A job's results, one line per row in import order: what was asked (channel and campaign by
 * name when the mirror knows them, so the file reads like the import), what became of it, the
 * short URL and link id, and the service's words for a refusal. `row` counts from 1.
 * Spreadsheet formulas are neutralised: these cells hold text from imported files. `notes` says
 * what an import adjusted on the row (a new alias, no expiry, a value left out: issue 39).
 */
export function resultCsv(rows: readonly StoredRow[], mirror: Pick<Mirror, 'channel' | 'campaign'>, notes: ReadonlyMap<number, string[]> = new Map()): string {
  const channelNames = new Map<number, string>();
  const campaignNames = new Map<number, string>();
  const nameOf = (id: number | undefined, cache: Map<number, string>, read: (id: number) => { name: string } | null) => {
    if (id === undefined) return '';
    if (!cache.has(id)) cache.set(id, read(id)?.name ?? String(id));
    return cache.get(id) as string;
  };
  const lines = rows.map((r) => [
    r.index + 1,
    r.input.url,
    r.input.custom ?? '',
    nameOf(r.input.channel, channelNames, (id) => mirror.channel(id)),
    nameOf(r.input.campaign, campaignNames, (id) => mirror.campaign(id)),
    r.input.domain ?? '',
    r.status,
    r.shortUrl ?? '',
    r.linkId ?? '',
    r.error ?? '',
    (notes.get(r.index) ?? []).join(' '),
  ]);
  // The BOM first, or Excel reads the UTF-8 as the system's code page.
  return CSV_BOM + csvLines([[...RESULT_COLUMNS], ...lines]);
}
