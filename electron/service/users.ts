import { apiKeyPrefix, hashApiKey, newApiKey } from './api-keys.js';
import type { Db } from './db.js';
import { ApiError, conflict } from './errors.js';

export { newApiKey } from './api-keys.js';

/** A user as listed: the database keeps no key in clear, only its hash and first characters. */
export interface UserRow {
  id: number;
  email: string;
  keyPrefix: string;
}

/** A user that was just given a key: the only moment the key exists in clear. */
export interface UserWithKey {
  id: number;
  email: string;
  apiKey: string;
}

/**
 * Creates a user with a fresh key, and gives them two sample overlays and two sample splash
 * pages: the API cannot create those (they are made on the service's website), and empty
 * pickers would hide what the redirect types do.
 */
export function createUser(db: Db, email: string, now = Date.now()): UserWithKey {
  const existing = db.prepare('SELECT id FROM users WHERE email = ?').get(email);
  if (existing) throw conflict(`A user with the email ${email} already exists.`);
  const apiKey = newApiKey();
  const username = email.split('@')[0] || 'user';
  const create = db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare('INSERT INTO users (email, username, api_key_hash, api_key_prefix, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(email, username, hashApiKey(apiKey), apiKeyPrefix(apiKey), now);
    const id = Number(lastInsertRowid);
    const overlay = db.prepare('INSERT INTO overlays (user_id, type, name, config, created_at) VALUES (?, ?, ?, ?, ?)');
    overlay.run(id, 'message', 'Newsletter sign-up', JSON.stringify({ message: 'Like this? Get our weekly newsletter.', button: 'Subscribe' }), now);
    overlay.run(id, 'contact', 'Contact us', JSON.stringify({ message: 'Questions? We answer within a day.', button: 'Contact' }), now);
    const splash = db.prepare('INSERT INTO splash_pages (user_id, name, config, created_at) VALUES (?, ?, ?, ?)');
    splash.run(id, 'Product launch', JSON.stringify({ title: 'Something new is here', message: 'You are on your way to our launch page.' }), now);
    splash.run(id, 'Seasonal sale', JSON.stringify({ title: 'The sale is on', message: 'Taking you to this season’s offers.' }), now);
    return id;
  });
  return { id: create(), email, apiKey };
}

export function listUsers(db: Db): UserRow[] {
  return db
    .prepare('SELECT id, email, api_key_prefix FROM users ORDER BY id')
    .all()
    .map((r) => {
      const row = r as { id: number; email: string; api_key_prefix: string };
      return { id: row.id, email: row.email, keyPrefix: row.api_key_prefix };
    });
}

/**
 * Gives a user a new key (the old one stops working at once) and returns it: the only time it
 * is seen. `which` is an email, or the first user (the app's local workspace has one user).
 */
export function resetApiKey(db: Db, which: { email: string } | 'first'): UserWithKey {
  const user = (
    which === 'first'
      ? db.prepare('SELECT id, email FROM users ORDER BY id LIMIT 1').get()
      : db.prepare('SELECT id, email FROM users WHERE email = ?').get(which.email)
  ) as { id: number; email: string } | undefined;
  if (!user) throw new ApiError(404, which === 'first' ? 'The database has no user.' : `There is no user with the email ${which.email}.`);
  const apiKey = newApiKey();
  db.prepare('UPDATE users SET api_key_hash = ?, api_key_prefix = ? WHERE id = ?').run(hashApiKey(apiKey), apiKeyPrefix(apiKey), user.id);
  return { id: user.id, email: user.email, apiKey };
}

/**
 * Looked up by hash: the index walk depends on the hash, never on how much of a guessed key is
 * right, so timing tells an attacker nothing a comparison in constant time would hide (the key
 * has 256 bits of entropy; its hash cannot be steered).
 */
export function userIdForKey(db: Db, key: string): number | null {
  const row = db.prepare('SELECT id FROM users WHERE api_key_hash = ?').get(hashApiKey(key)) as { id: number } | undefined;
  return row ? row.id : null;
}
