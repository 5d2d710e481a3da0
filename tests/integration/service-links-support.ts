import { openDatabase, type Db } from '../../electron/service/db.js';
import { hashApiKey } from '../../electron/service/api-keys.js';
import { createUser } from '../../electron/service/users.js';
import type { TestService } from '../support/service.js';

/*
 * Helpers shared by the service-links-*.test.ts files: a second connection to the running
 * service's SQLite file (WAL lets it write beside the service) to arrange rows that other
 * endpoints own (domains, channels, campaigns, pixels, clicks) without depending on them.
 */

export interface LinkTestDb {
  db: Db;
  /** The first user's id (the one whose key the TestService uses). */
  userId: number;
  /** Adds another user; answers their id and API key. */
  addUser(email: string): { id: number; key: string };
  addDomain(userId: number, domain: string): number;
  addChannel(userId: number, name?: string): number;
  addCampaign(userId: number, name?: string): number;
  addPixel(userId: number, name?: string): number;
  splashIds(userId: number): number[];
  overlayIds(userId: number): number[];
  close(): void;
}

export function openLinkTestDb(s: TestService): LinkTestDb {
  const db = openDatabase(s.dataDir);
  const now = Date.now();
  const first = db.prepare('SELECT id FROM users WHERE api_key_hash = ?').get(hashApiKey(s.key)) as { id: number };
  const insertId = (sql: string, ...args: unknown[]) =>
    Number(db.prepare(sql).run(...args).lastInsertRowid);
  const ids = (sql: string, userId: number) =>
    db
      .prepare(sql)
      .all(userId)
      .map((r) => (r as { id: number }).id);
  return {
    db,
    userId: first.id,
    addUser(email) {
      const user = createUser(db, email, now);
      return { id: user.id, key: user.apiKey };
    },
    addDomain: (userId, domain) =>
      insertId(
        'INSERT INTO domains (user_id, domain, host, created_at) VALUES (?, ?, ?, ?)',
        userId,
        domain,
        new URL(domain).host,
        now,
      ),
    addChannel: (userId, name = 'Channel') =>
      insertId(
        'INSERT INTO channels (user_id, name, created_at) VALUES (?, ?, ?)',
        userId,
        name,
        now,
      ),
    addCampaign: (userId, name = 'Campaign') =>
      insertId(
        'INSERT INTO campaigns (user_id, name, created_at) VALUES (?, ?, ?)',
        userId,
        name,
        now,
      ),
    addPixel: (userId, name = 'Pixel') =>
      insertId(
        'INSERT INTO pixels (user_id, type, name, tag, created_at) VALUES (?, ?, ?, ?, ?)',
        userId,
        'gtmpixel',
        name,
        'GTM-1',
        now,
      ),
    splashIds: (userId) => ids('SELECT id FROM splash_pages WHERE user_id = ? ORDER BY id', userId),
    overlayIds: (userId) => ids('SELECT id FROM overlays WHERE user_id = ? ORDER BY id', userId),
    close: () => db.close(),
  };
}

/** The datetime format of the spec. */
export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
