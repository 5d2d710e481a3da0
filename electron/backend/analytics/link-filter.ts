import type { CompareItem } from '../../shared/analytics.js';
import type { SqlValue } from '../mirror/sqlite.js';

/** Which links a series counts: all of them, or one link, channel or campaign. */
export type LinkFilter = CompareItem | null;

/** A condition on `<column>` (a link id) for the filter, with its parameters. */
export function linkCondition(filter: LinkFilter, column: string): { sql: string; params: SqlValue[] } {
  if (filter === null) return { sql: '1', params: [] };
  if (filter.kind === 'link') return { sql: `${column} = ?`, params: [filter.id] };
  const field = filter.kind === 'channel' ? 'channel_id' : 'campaign_id';
  return { sql: `${column} IN (SELECT id FROM links WHERE ${field} = ?)`, params: [filter.id] };
}
