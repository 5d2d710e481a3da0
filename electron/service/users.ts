import { apiKeyPrefix, hashApiKey, newApiKey } from './api-keys.js';
import type { Db } from './db.js';
import { sqliteStore, type Store } from './database/store.js';
import { all, first, run, text, transaction, type Work } from './database/work.js';
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

// E-mail addresses are compared without regard to case on both engines (the column is NOCASE on
// SQLite, and PostgreSQL's unique index is on lower(email)).
const byEmail = (email: string) => text<{ id: number; email: string }>`SELECT id, email FROM users WHERE lower(email) = lower(${email})`;

/**
 * Creates a user with a fresh key, and gives them two sample overlays and two sample splash
 * pages: the API cannot create those (they are made on the service's website), and empty
 * pickers would hide what the redirect types do.
 */
export function* createUserWork(email: string, now = Date.now()): Work<UserWithKey> {
  const existing = yield* first(byEmail(email));
  if (existing) throw conflict(`A user with the email ${email} already exists.`);
  const apiKey = newApiKey();
  const username = email.split('@')[0] || 'user';
  const id = yield* transaction(function* () {
    const user = yield* first<{ id: number }>(
      text`INSERT INTO users (email, username, api_key_hash, api_key_prefix, created_at) VALUES (${email}, ${username}, ${hashApiKey(apiKey)}, ${apiKeyPrefix(apiKey)}, ${now}) RETURNING id`,
    );
    const userId = (user as { id: number }).id;
    const overlay = (type: string, name: string, config: object) =>
      run(text`INSERT INTO overlays (user_id, type, name, config, created_at) VALUES (${userId}, ${type}, ${name}, ${JSON.stringify(config)}, ${now})`);
    yield* overlay('message', 'Newsletter sign-up', { message: 'Like this? Get our weekly newsletter.', button: 'Subscribe' });
    yield* overlay('contact', 'Contact us', { message: 'Questions? We answer within a day.', button: 'Contact' });
    const splash = (name: string, config: object) =>
      run(text`INSERT INTO splash_pages (user_id, name, config, created_at) VALUES (${userId}, ${name}, ${JSON.stringify(config)}, ${now})`);
    yield* splash('Product launch', { title: 'Something new is here', message: 'You are on your way to our launch page.' });
    yield* splash('Seasonal sale', { title: 'The sale is on', message: 'Taking you to this season’s offers.' });
    return userId;
  });
  return { id, email, apiKey };
}

export function* listUsersWork(): Work<UserRow[]> {
  const rows = yield* all<{ id: number; email: string; api_key_prefix: string }>(text`SELECT id, email, api_key_prefix FROM users ORDER BY id`);
  return rows.map((row) => ({ id: row.id, email: row.email, keyPrefix: row.api_key_prefix }));
}

/**
 * Gives a user a new key (the old one stops working at once) and returns it: the only time it
 * is seen. `which` is an email, or the first user (the app's local workspace has one user).
 */
export function* resetApiKeyWork(which: { email: string } | 'first'): Work<UserWithKey> {
  const user = yield* first(which === 'first' ? text<{ id: number; email: string }>`SELECT id, email FROM users ORDER BY id LIMIT 1` : byEmail(which.email));
  if (!user) throw new ApiError(404, which === 'first' ? 'The database has no user.' : `There is no user with the email ${which.email}.`);
  const apiKey = newApiKey();
  yield* run(text`UPDATE users SET api_key_hash = ${hashApiKey(apiKey)}, api_key_prefix = ${apiKeyPrefix(apiKey)} WHERE id = ${user.id}`);
  return { id: user.id, email: user.email, apiKey };
}

/**
 * Looked up by hash: the index walk depends on the hash, never on how much of a guessed key is
 * right, so timing tells an attacker nothing a comparison in constant time would hide (the key
 * has 256 bits of entropy; its hash cannot be steered).
 */
export function* userIdForKeyWork(key: string): Work<number | null> {
  const row = yield* first<{ id: number }>(text`SELECT id FROM users WHERE api_key_hash = ${hashApiKey(key)}`);
  return row ? row.id : null;
}

// The same on a SQLite connection, synchronously (the command line, the app's backend, tests).
export const createUser = (db: Db, email: string, now = Date.now()) => sqliteStore(db).do(createUserWork(email, now));
export const listUsers = (db: Db) => sqliteStore(db).do(listUsersWork());
export const resetApiKey = (db: Db, which: { email: string } | 'first') => sqliteStore(db).do(resetApiKeyWork(which));

// The same on any store (PostgreSQL: the service's start and its command line).
export const createUserIn = (store: Store, email: string, now = Date.now()) => store.run(createUserWork(email, now));
export const listUsersIn = (store: Store) => store.run(listUsersWork());
export const resetApiKeyIn = (store: Store, which: { email: string } | 'first') => store.run(resetApiKeyWork(which));
