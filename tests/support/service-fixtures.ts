import { hashApiKey } from '../../electron/service/api-keys.js';
import { createUserWork } from '../../electron/service/users.js';
import type { TestService } from './service.js';

/**
 * Direct access to a test service's database, for arranging what the API cannot (yet) create,
 * and for a second user: a second connection beside the service (SQLite under WAL, or the same
 * PostgreSQL database), through TestService.sql, so the same test runs on both engines.
 */
export interface ServiceFixtures {
  /** The rows of a statement (`?` placeholders; the same SQL text on both engines). */
  all<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<R[]>;
  /** Its first row (undefined when there is none). */
  one<R = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<R | undefined>;
  /** The id of the user owning the test service's default key. */
  firstUserId: number;
  /** Creates another user and answers their id and API key. */
  addUser(email: string): Promise<{ id: number; key: string }>;
  /** Inserts a link row owned by `userId` (the first user by default) and answers its id. */
  insertLink(alias: string, longUrl: string, opts?: { userId?: number; title?: string; domainId?: number }): Promise<number>;
  /** Nothing to do: the connection closes with the test service (kept for the tests' afterAll). */
  close(): void;
}

export async function openFixtures(s: TestService): Promise<ServiceFixtures> {
  const all = s.sql;
  const one = async <R>(statement: string, ...params: unknown[]) => (await s.sql<R>(statement, ...params))[0];
  const first = (await one<{ id: number }>('SELECT id FROM users WHERE api_key_hash = ?', hashApiKey(s.key))) as { id: number };
  return {
    all,
    one,
    firstUserId: first.id,
    async addUser(email) {
      const user = await s.store().run(createUserWork(email));
      return { id: user.id, key: user.apiKey };
    },
    async insertLink(alias, longUrl, opts = {}) {
      const now = Date.now();
      const row = await one<{ id: number }>(
        'INSERT INTO links (user_id, domain_id, alias, long_url, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
        opts.userId ?? first.id,
        opts.domainId ?? 0,
        alias,
        longUrl,
        opts.title ?? '',
        now,
        now,
      );
      return (row as { id: number }).id;
    },
    close: () => undefined,
  };
}
