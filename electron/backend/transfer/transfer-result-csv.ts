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

/** Channels and campaigns a transfer created, by the provisional id its rows carry. */
export interface CreatedNames {
  channels: Record<string, string>;
  campaigns: Record<string, string>;
}

/**
 * A transfer's results, one line per source link: where it came from, what the target made of
 * it, and (a move) whether the source lost it. Spreadsheet formulas are neutralised by csvLines.
 */
export function transferResultCsv(sql: Sql, jobId: string, target: Pick<Mirror, 'channel' | 'campaign'>, created: CreatedNames | null = null): string {
  // A created one's row still holds its provisional id: the mirror knows it by its real id now.
  const name = (kind: 'channel' | 'campaign', id: number) =>
    target[kind](id)?.name ?? (kind === 'channel' ? created?.channels : created?.campaigns)?.[String(id)] ?? String(id);
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
      r.input.channel !== undefined ? name('channel', r.input.channel) : '',
      r.input.campaign !== undefined ? name('campaign', r.input.campaign) : '',
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
