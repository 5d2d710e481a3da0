import { CSV_BOM, csvLines } from '../../shared/csv.js';
import { rowsPage } from '../bulk/bulk-store.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Sql } from '../mirror/sqlite.js';
import { transferRows } from './transfer-store.js';

export const TRANSFER_RESULT_COLUMNS = [
  'row',
  'source_short_url',
  'source_link_id',
  'url',
  'alias',
  'channel',
  'campaign',
  'status',
  'short_url',
  'link_id',
  'error',
  'removed_from_source',
  'removal_error',
] as const;

/**
 * A transfer's results, one line per source link: where it came from, what the target made of
 * it, and (a move) whether the source lost it. Spreadsheet formulas are neutralised by csvLines.
 */
export function transferResultCsv(sql: Sql, jobId: string, target: Pick<Mirror, 'channel' | 'campaign'>): string {
  const rows = rowsPage(sql, jobId, 0, Number.MAX_SAFE_INTEGER);
  const sources = new Map(transferRows(sql, jobId, 0, Number.MAX_SAFE_INTEGER).map((r) => [r.idx, r]));
  const lines = rows.map((r) => {
    const s = sources.get(r.index);
    return [
      r.index + 1,
      s?.shortUrl ?? '',
      s?.linkId ?? '',
      r.input.url,
      r.input.custom ?? '',
      r.input.channel !== undefined ? (target.channel(r.input.channel)?.name ?? String(r.input.channel)) : '',
      r.input.campaign !== undefined ? (target.campaign(r.input.campaign)?.name ?? String(r.input.campaign)) : '',
      r.status,
      r.shortUrl ?? '',
      r.linkId ?? '',
      r.error ?? '',
      s?.removal ?? '',
      s?.error ?? '',
    ];
  });
  return CSV_BOM + csvLines([[...TRANSFER_RESULT_COLUMNS], ...lines]);
}
