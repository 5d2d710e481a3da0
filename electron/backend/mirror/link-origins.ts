import type { LinkOrigin } from '../../shared/models.js';
import type { Sql } from './sqlite.js';

/* link_origins (migrations 7 and 10) is written by imports (electron/backend/bulk/former-clicks.ts). */

function tagsOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** What the imports of a link kept from its sources, oldest import first. */
export function originsOf(sql: Sql, linkId: number): LinkOrigin[] {
  return sql
    .all<{ source: string; service: string | null; clicks: number | null; created_at: number | null; tags: string | null; recorded_at: number }>(
      'SELECT source, service, clicks, created_at, tags, recorded_at FROM link_origins WHERE link_id = ? ORDER BY recorded_at, source',
      [linkId],
    )
    .map((r) => ({ source: r.source, service: r.service, clicks: r.clicks, created: r.created_at, tags: tagsOf(r.tags), importedAt: r.recorded_at }));
}
