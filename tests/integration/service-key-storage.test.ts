import Database from 'libsql';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../electron/service/api-keys.js';
import { DB_FILE, openDatabase } from '../../electron/service/db.js';
import { migrateSqlite } from '../../electron/service/database/migrate.js';
import { startService } from '../../electron/service/start.js';
import { listUsers } from '../../electron/service/users.js';

/*
 * API keys at rest: the service's SQLite file holds SHA-256 hashes, and a database made before
 * keys were hashed has its keys hashed when it is opened, the keys themselves still working.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-keys-'));
  dirs.push(dir);
  return dir;
};

/** Every byte of the database and its WAL, as text, to look for a key in clear. */
const fileText = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith(DB_FILE))
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');

/** A database as the first schema left it: keys in clear in users.api_key. */
function oldDatabase(dir: string, keys: Record<string, string>): void {
  const db = new Database(join(dir, DB_FILE));
  migrateSqlite(db, dir, 1);
  const insert = db.prepare('INSERT INTO users (email, username, api_key, created_at) VALUES (?, ?, ?, ?)');
  for (const [email, key] of Object.entries(keys)) insert.run(email, email.split('@')[0], key, 1);
  db.close();
}

describe('API keys at rest', () => {
  it('a new service keeps only the hash of its first key, and the key works over HTTP', async () => {
    const dir = tempDir();
    const service = await startService({ dataDir: dir, port: 0 });
    try {
      const key = service.firstApiKey as string;
      const res = await fetch(`${service.url}/api/account`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const text = fileText(dir);
      expect(text).not.toContain(key);
      expect(text).toContain(hashApiKey(key));
    } finally {
      await service.close();
    }
  });

  it('hashes the keys of a database made before keys were hashed; the old keys keep working', async () => {
    const dir = tempDir();
    const keys = { 'a@x.y': 'old-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'b@x.y': 'old-key-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' };
    oldDatabase(dir, keys);
    expect(fileText(dir)).toContain(keys['a@x.y']);

    const service = await startService({ dataDir: dir, port: 0 });
    try {
      expect(service.firstApiKey).toBeUndefined();
      for (const [email, key] of Object.entries(keys)) {
        const res = await fetch(`${service.url}/api/account`, { headers: { Authorization: `Bearer ${key}` } });
        expect(await res.json()).toMatchObject({ error: 0, data: { email } });
      }
    } finally {
      await service.close();
    }
    const db = openDatabase(dir);
    try {
      expect(listUsers(db)).toEqual([
        { id: 1, email: 'a@x.y', keyPrefix: 'old-ke' },
        { id: 2, email: 'b@x.y', keyPrefix: 'old-ke' },
      ]);
    } finally {
      db.close();
    }
    const text = fileText(dir);
    for (const key of Object.values(keys)) {
      expect(text).not.toContain(key);
      expect(text).toContain(hashApiKey(key));
    }
  });
});
