import type { Sql } from './sqlite.js';

/*
 * Small facts the sync keeps between runs and restarts (when each collection was last synced,
 * the deletion sweep's cursor …), as JSON under a key.
 */

export function readState<T>(sql: Sql, key: string): T | undefined {
  const row = sql.get<{ value: string }>('SELECT value FROM sync_state WHERE key = ?', [key]);
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return undefined;
  }
}

export function writeState(sql: Sql, key: string, value: unknown): void {
  if (value === undefined) {
    sql.run('DELETE FROM sync_state WHERE key = ?', [key]);
    return;
  }
  sql.run(
    `INSERT INTO sync_state (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}
