import { hostOf } from './dates.js';
import type { Sql } from './sqlite.js';

/**
 * Moves the mirror's short URLs from one base to another (the local workspace got, changed or
 * lost its public address): `http://127.0.0.1:4100/abc` becomes `https://go.example.com/abc`.
 * One UPDATE per table instead of a full resync; the service answers the same URLs from then on,
 * so the next sync agrees. Links on other bases (branded domains) are left alone. Returns how
 * many links moved.
 */
export function rebaseShortUrls(sql: Sql, from: string, to: string): number {
  const old = from.replace(/\/+$/, '');
  const next = to.replace(/\/+$/, '');
  if (!old || old === next) return 0;
  const pattern = `${old.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
  const cut = old.length + 1;
  return sql.transaction(() => {
    const moved = sql.run(
      `UPDATE links SET short_url = ? || substr(short_url, ?), domain = ? WHERE short_url LIKE ? ESCAPE '\\'`,
      [next, cut, hostOf(next), pattern],
    ).changes;
    // Rows of bulk jobs show the links they made.
    sql.run(`UPDATE bulk_rows SET short_url = ? || substr(short_url, ?) WHERE short_url LIKE ? ESCAPE '\\'`, [next, cut, pattern]);
    return Number(moved);
  });
}
