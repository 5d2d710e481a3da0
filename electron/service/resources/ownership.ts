import { first, q, type Work } from '../database/work.js';
import type { Store } from '../database/store.js';
import { notFound } from '../errors.js';

/** Tables whose rows belong to one user; the names never come from a request. */
type OwnedTable = 'links' | 'channels' | 'campaigns' | 'domains' | 'pixels' | 'qr_codes';

/**
 * Throws "<What> was not found." unless the row exists and belongs to the user: another user's
 * id answers exactly like an id that does not exist, so ids reveal nothing.
 */
export function* owned(table: OwnedTable, id: number, userId: number, what: string): Work<void> {
  const row = yield* first(q(`SELECT 1 AS found FROM ${table} WHERE id = ? AND user_id = ?`, id, userId));
  if (!row) throw notFound(what);
}

export function requireOwned(store: Store, table: OwnedTable, id: number, userId: number, what: string): Promise<void> {
  return store.run(owned(table, id, userId, what));
}
