import Database from 'libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, migrateSqlite } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore, SqliteStore, type Store } from '../../electron/service/database/store.js';
import { createLink, deleteLink, getOwnedLink, listLinks, updateLink } from '../../electron/service/links/link-store.js';
import { linkStats } from '../../electron/service/links/stats.js';
import { createQr, getOwnedQr, listQrs } from '../../electron/service/qr/qr-store.js';
import { createUserWork, listUsersWork, userIdForKeyWork } from '../../electron/service/users.js';
import { ApiError } from '../../electron/service/errors.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * The service's database work (written once, database/work.ts) on both engines, each with two
 * stores on the same database: two nodes. What must hold on both: the same answers, and the
 * rules the database keeps (one alias per host, e-mails without case) whichever node writes.
 */

interface Engine {
  /** Two stores on one fresh database. */
  open(): Promise<{ a: Store; b: Store; close(): Promise<void> }>;
}

const sqlite: Engine = {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-engines-'));
    const file = join(dir, 'service.db');
    const one = new Database(file);
    one.pragma('journal_mode = WAL');
    one.pragma('busy_timeout = 5000');
    migrateSqlite(one, dir);
    const two = new Database(file);
    two.pragma('busy_timeout = 5000');
    return {
      a: new SqliteStore(one),
      b: new SqliteStore(two),
      async close() {
        one.close();
        two.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

let cluster: PostgresCluster | undefined;
const postgres: Engine = {
  async open() {
    const url = await (cluster as PostgresCluster).createDatabase();
    const one = createPool(url);
    const two = createPool(url);
    await migratePostgres(one, 'test');
    return {
      a: new PostgresStore(one),
      b: new PostgresStore(two),
      close: async () => {
        await Promise.all([one.end(), two.end()]);
      },
    };
  },
};

const missing = postgresMissingReason();
const ctx = { baseUrl: () => 'http://127.0.0.1:1', now: () => 1_764_300_000_000 };

beforeAll(async () => {
  if (!missing) cluster = await startPostgresCluster();
}, 120_000);
afterAll(() => cluster?.stop());

describe.each([
  ['SQLite', sqlite, false],
  ['PostgreSQL', postgres, missing !== undefined],
] as const)('database work on %s', (_name, engine, skip) => {
  it.skipIf(skipBecause(skip, missing ?? ''))('users: a key finds its user on the other node; an e-mail differing only in case is refused', async () => {
    const db = await engine.open();
    try {
      const ann = await db.a.run(createUserWork('Ann@example.com', ctx.now()));
      expect(await db.b.run(userIdForKeyWork(ann.apiKey))).toBe(ann.id);
      expect(await db.b.run(userIdForKeyWork(`${ann.apiKey}x`))).toBeNull();
      await expect(db.b.run(createUserWork('ann@EXAMPLE.com'))).rejects.toMatchObject({ status: 409 });
      expect((await db.a.run(listUsersWork())).map((u) => u.email)).toEqual(['Ann@example.com']);
    } finally {
      await db.close();
    }
  });

  it.skipIf(skipBecause(skip, missing ?? ''))('the same custom alias from two nodes at once: exactly one wins, the other gets the taken-alias answer', async () => {
    const db = await engine.open();
    try {
      const user = await db.a.run(createUserWork('race@example.com', ctx.now()));
      for (let round = 0; round < 5; round++) {
        const alias = `launch-${round}`;
        const results = await Promise.allSettled([
          db.a.run(createLink(ctx, user.id, { url: 'https://a.example/', custom: alias }, {})),
          db.b.run(createLink(ctx, user.id, { url: 'https://b.example/', custom: alias }, {})),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason).toBeInstanceOf(ApiError);
        expect((lost[0]?.reason as ApiError).status).toBe(409);
        expect((lost[0]?.reason as ApiError).message).toContain(`The alias "${alias}" is already taken`);
      }
      const { total } = await db.b.run(listLinks(user.id, { paging: { page: 1, limit: 50, offset: 0 }, order: 'date', q: '' }));
      expect(total).toBe(5);
    } finally {
      await db.close();
    }
  });

  it.skipIf(skipBecause(skip, missing ?? ''))('links: made on one node, read, searched without case, changed and deleted on the other', async () => {
    const db = await engine.open();
    try {
      const user = await db.a.run(createUserWork('links@example.com', ctx.now()));
      const made = await db.a.run(createLink(ctx, user.id, { url: 'https://shop.example/Summer', metatitle: 'Summer Sale' }, {}));
      expect(made.alias).toMatch(/^[A-Za-z0-9]{6,}$/);
      const read = await db.b.run(getOwnedLink(user.id, made.id));
      expect(read).toMatchObject({ longUrl: 'https://shop.example/Summer', title: 'Summer Sale', createdAt: ctx.now(), clicks: 0 });
      const found = await db.b.run(listLinks(user.id, { paging: { page: 1, limit: 10, offset: 0 }, order: 'date', q: 'summer' }));
      expect(found.items.map((l) => l.id)).toEqual([made.id]);
      const changed = await db.b.run(updateLink(ctx, user.id, made.id, { url: 'https://shop.example/winter', custom: 'winter' }, {}));
      expect(changed).toMatchObject({ alias: 'winter', custom: true, longUrl: 'https://shop.example/winter' });
      expect(await db.a.run(linkStats(made.id, 0))).toMatchObject({ clicks: 0, uniqueClicks: 0 });
      await db.a.run(deleteLink(user.id, made.id));
      await expect(db.b.run(getOwnedLink(user.id, made.id))).rejects.toMatchObject({ status: 404 });
    } finally {
      await db.close();
    }
  });

  it.skipIf(skipBecause(skip, missing ?? ''))('QR codes: a dynamic code gets its hidden link in the same transaction', async () => {
    const db = await engine.open();
    try {
      const user = await db.a.run(createUserWork('qr@example.com', ctx.now()));
      const fields = { name: 'Menu', type: 'link' as const, data: 'https://menu.example/', background: 'rgb(255,255,255)', foreground: 'rgb(0,0,0)', logo: '' };
      const id = await db.a.run(createQr(ctx, user.id, fields, 'https://menu.example/'));
      const qr = await db.b.run(getOwnedQr(user.id, id));
      expect(qr.linkId).not.toBeNull();
      expect((await db.b.run(listQrs(user.id, 'MENU', 10, 0))).total).toBe(1);
      // The hidden link is not one of the user's links.
      expect((await db.b.run(listLinks(user.id, { paging: { page: 1, limit: 10, offset: 0 }, order: 'date', q: '' }))).total).toBe(0);
    } finally {
      await db.close();
    }
  });
});
