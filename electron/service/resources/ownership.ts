import type { Db } from '../db.js';
import { notFound } from '../errors.js';

/** Tables whose rows belong to one user; the names never come from a request. */
type OwnedTable = 'links' | 'channels' | 'campaigns' | 'domains' | 'pixels' | 'qr_codes';

/**
 * Throws "<What> was not found." unless the row exists and belongs to the user: another user's
 * id answers exactly like an id that does not exist, so ids reveal nothing.
 */
export function requireOwned(
  db: Db,
  table: OwnedTable,
  id: number,
  userId: number,
  what: string,
): void {
  const row = db
    .prepare(`SELECT 1 AS found FROM ${table} WHERE id = ? AND user_id = ?`)
    .get(id, userId);
  if (!row) throw notFound(what);
}
