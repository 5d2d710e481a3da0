import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { conflict } from './errors.js';

export interface UserRow {
  id: number;
  email: string;
  apiKey: string;
}

/** A new API key: 32 random bytes, URL-safe. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Creates a user with a fresh key, and gives them two sample overlays and two sample splash
 * pages: the API cannot create those (they are made on the service's website), and empty
 * pickers would hide what the redirect types do.
 */
export function createUser(db: Db, email: string, now = Date.now()): UserRow {
  const existing = db.prepare('SELECT id FROM users WHERE email = ?').get(email);
  if (existing) throw conflict(`A user with the email ${email} already exists.`);
  const apiKey = newApiKey();
  const username = email.split('@')[0] || 'user';
  const create = db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare('INSERT INTO users (email, username, api_key, created_at) VALUES (?, ?, ?, ?)')
      .run(email, username, apiKey, now);
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
    .prepare('SELECT id, email, api_key FROM users ORDER BY id')
    .all()
    .map((r) => {
      const row = r as { id: number; email: string; api_key: string };
      return { id: row.id, email: row.email, apiKey: row.api_key };
    });
}

export function userIdForKey(db: Db, key: string): number | null {
  const row = db.prepare('SELECT id FROM users WHERE api_key = ?').get(key) as { id: number } | undefined;
  return row ? row.id : null;
}
