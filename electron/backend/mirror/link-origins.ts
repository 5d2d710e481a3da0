import type { LinkOrigin } from '../../shared/models.js';
import type { Sql } from './sqlite.js';
import type { KeptValues, LeftOutValue } from '../../shared/import-adjust.js';

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
    .all<{ source: string; service: string | null; clicks: number | null; created_at: number | null; tags: string | null; kept: string | null; recorded_at: number }>(
      'SELECT source, service, clicks, created_at, tags, kept, recorded_at FROM link_origins WHERE link_id = ? ORDER BY recorded_at, source',
      [linkId],
    )
    .map((r) => {
      const kept = parseKept(r.kept);
      return {
        source: r.source,
        service: r.service,
        clicks: r.clicks,
        created: r.created_at,
        tags: tagsOf(r.tags),
        importedAt: r.recorded_at,
        ...(kept?.alias ? { oldAlias: kept.alias } : {}),
        ...(kept?.expiry ? { oldExpiry: kept.expiry } : {}),
        ...(kept?.leftOut?.length ? { leftOut: kept.leftOut } : {}),
      };
    });
}

const LEFT_OUT_FIELDS: readonly LeftOutValue['field'][] = ['clicks', 'created', 'expiry', 'channel', 'campaign', 'domain', 'status', 'type'];

/** Stored KeptValues, read defensively (the file may have been written by another version). */
export function parseKept(json: string | null): KeptValues | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
    const kept: KeptValues = {};
    if (str(v['alias'])) kept.alias = str(v['alias']) as string;
    if (str(v['expiry'])) kept.expiry = str(v['expiry']) as string;
    if (Array.isArray(v['leftOut'])) {
      kept.leftOut = v['leftOut'].filter(
        (x): x is LeftOutValue => typeof x === 'object' && x !== null && LEFT_OUT_FIELDS.includes((x as LeftOutValue).field) && typeof (x as LeftOutValue).value === 'string',
      );
    }
    if (Array.isArray(v['notes'])) kept.notes = v['notes'].filter((x): x is string => typeof x === 'string');
    return kept;
  } catch {
    return null;
  }
}
