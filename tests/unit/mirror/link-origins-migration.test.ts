import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../electron/backend/mirror/schema.js';
import { openSqlite, type Sql } from '../../../electron/backend/mirror/sqlite.js';
import { originsOf } from '../../../electron/backend/mirror/link-origins.js';

let dir: string | undefined;
let sql: Sql | undefined;
afterEach(() => {
  sql?.db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the migration that keeps an origin per source (issue 30)', () => {
  it('carries the former clicks of links imported before it, and of rows still waiting', () => {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-origins-'));
    sql = openSqlite(join(dir, 'mirror.db'));
    // Found by what it does, so the lead may renumber it at merge time.
    const mine = MIGRATIONS.findIndex((m) => m.includes('link_origins_next'));
    expect(mine).toBeGreaterThan(0);
    for (const [version, text] of MIGRATIONS.slice(0, mine).entries()) {
      sql.exec(text);
      sql.exec(`PRAGMA user_version = ${version + 1}`);
    }
    sql.run("INSERT INTO bulk_jobs (id, name, created_at, finished_at, status, reuse, total, source) VALUES ('j1', 'Import', 0, NULL, 'running', 1, 2, 'Bitly export')");
    sql.run("INSERT INTO bulk_row_origins (job_id, idx, clicks) VALUES ('j1', 1, 77)");
    sql.run("INSERT INTO link_origins (link_id, source, clicks, recorded_at) VALUES (5, 'Bitly export', 1234, 1000)");

    migrate(sql);

    expect(originsOf(sql, 5)).toEqual([{ source: 'Bitly export', service: null, clicks: 1234, created: null, tags: [], importedAt: 1000 }]);
    expect(sql.all('SELECT job_id, idx, clicks, created_at, tags FROM bulk_row_origins')).toEqual([{ job_id: 'j1', idx: 1, clicks: 77, created_at: null, tags: null }]);
    // A second source now adds an entry beside the first.
    sql.run("INSERT INTO link_origins (link_id, source, clicks, recorded_at) VALUES (5, 'YOURLS links', 3, 2000)");
    expect(originsOf(sql, 5).map((o) => o.source)).toEqual(['Bitly export', 'YOURLS links']);
  });
});
