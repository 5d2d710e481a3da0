import { openDatabase, type Db } from '../../electron/service/db.js';
import { hashApiKey } from '../../electron/service/api-keys.js';
import { createUser } from '../../electron/service/users.js';
import type { TestService } from './service.js';

/**
 * Direct access to a test service's SQLite file, for arranging what the API cannot (yet)
 * create, and for a second user. A second connection to the same file is safe under WAL.
 */
export interface ServiceFixtures {
  db: Db;
  /** The id of the user owning the test service's default key. */
  firstUserId: number;
  /** Creates another user and answers their id and API key. */
  addUser(email: string): { id: number; key: string };
  /** Inserts a link row owned by `userId` (the first user by default) and answers its id. */
  insertLink(
    alias: string,
    longUrl: string,
    opts?: { userId?: number; title?: string; domainId?: number },
  ): number;
  close(): void;
}

export function openFixtures(s: TestService): ServiceFixtures {
  const db = openDatabase(s.dataDir);
  const first = db.prepare('SELECT id FROM users WHERE api_key_hash = ?').get(hashApiKey(s.key)) as { id: number };
  return {
    db,
    firstUserId: first.id,
    addUser(email) {
      const user = createUser(db, email);
      return { id: user.id, key: user.apiKey };
    },
    insertLink(alias, longUrl, opts = {}) {
      const now = Date.now();
      const { lastInsertRowid } = db
        .prepare(
          'INSERT INTO links (user_id, domain_id, alias, long_url, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          opts.userId ?? first.id,
          opts.domainId ?? 0,
          alias,
          longUrl,
          opts.title ?? '',
          now,
          now,
        );
      return Number(lastInsertRowid);
    },
    close: () => db.close(),
  };
}
