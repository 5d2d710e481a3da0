import { hashApiKey } from '../../electron/service/api-keys.js';
import { createUserWork } from '../../electron/service/users.js';
import type { TestService } from '../support/service.js';

/*
 * Helpers shared by the service-links-*.test.ts files: a second connection to the running
 * service's database (TestService.sql: SQLite under WAL, or the same PostgreSQL database) to
 * arrange rows that other endpoints own (domains, channels, campaigns, pixels, clicks) without
 * depending on them.
 */

export interface LinkTestDb {
  /** The rows of a statement (`?` placeholders; the same SQL text on both engines). */
  all<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<R[]>;
  /** Its first row. */
  one<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<R | undefined>;
  /** The first user's id (the one whose key the TestService uses). */
  userId: number;
  /** Adds another user; answers their id and API key. */
  addUser(email: string): Promise<{ id: number; key: string }>;
  addDomain(userId: number, domain: string): Promise<number>;
  addChannel(userId: number, name?: string): Promise<number>;
  addCampaign(userId: number, name?: string): Promise<number>;
  addPixel(userId: number, name?: string): Promise<number>;
  splashIds(userId: number): Promise<number[]>;
  overlayIds(userId: number): Promise<number[]>;
  close(): void;
}

export async function openLinkTestDb(s: TestService): Promise<LinkTestDb> {
  const now = Date.now();
  const all = s.sql;
  const one = async <R>(statement: string, ...params: unknown[]) => (await s.sql<R>(statement, ...params))[0];
  const first = (await one<{ id: number }>('SELECT id FROM users WHERE api_key_hash = ?', hashApiKey(s.key))) as { id: number };
  const insertId = async (statement: string, ...args: unknown[]) => ((await one<{ id: number }>(`${statement} RETURNING id`, ...args)) as { id: number }).id;
  const ids = async (statement: string, userId: number) => (await all<{ id: number }>(statement, userId)).map((r) => r.id);
  return {
    all,
    one,
    userId: first.id,
    async addUser(email) {
      const user = await s.store().run(createUserWork(email, now));
      return { id: user.id, key: user.apiKey };
    },
    addDomain: (userId, domain) =>
      insertId('INSERT INTO domains (user_id, domain, host, created_at) VALUES (?, ?, ?, ?)', userId, domain, new URL(domain).host, now),
    addChannel: (userId, name = 'Channel') => insertId('INSERT INTO channels (user_id, name, created_at) VALUES (?, ?, ?)', userId, name, now),
    addCampaign: (userId, name = 'Campaign') => insertId('INSERT INTO campaigns (user_id, name, created_at) VALUES (?, ?, ?)', userId, name, now),
    addPixel: (userId, name = 'Pixel') =>
      insertId('INSERT INTO pixels (user_id, type, name, tag, created_at) VALUES (?, ?, ?, ?, ?)', userId, 'gtmpixel', name, 'GTM-1', now),
    splashIds: (userId) => ids('SELECT id FROM splash_pages WHERE user_id = ? ORDER BY id', userId),
    overlayIds: (userId) => ids('SELECT id FROM overlays WHERE user_id = ? ORDER BY id', userId),
    close: () => undefined,
  };
}

/** The datetime format of the spec. */
export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
