import type { FormerClicks } from '../../shared/models.js';
import type { Sql } from './sqlite.js';

/* link_origins (migration 7) is written by imports (electron/backend/bulk/former-clicks.ts). */

/** The clicks a link had at the service it was imported from, or null. */
export function formerClicksOf(sql: Sql, linkId: number): FormerClicks | null {
  const row = sql.get<{ source: string; clicks: number; recorded_at: number }>(
    'SELECT source, clicks, recorded_at FROM link_origins WHERE link_id = ?',
    [linkId],
  );
  return row ? { source: row.source, clicks: row.clicks, importedAt: row.recorded_at } : null;
}
