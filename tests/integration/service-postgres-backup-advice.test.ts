import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { createLink } from '../../electron/service/links/link-store.js';
import { createUserWork, userIdForKeyWork } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * backup and restore on a PostgreSQL database refuse in words and print PostgreSQL's own
 * commands; the test then runs those commands exactly as printed (pg_dump, pg_restore from
 * Debian's postgresql package) and checks the data came back.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const missing = postgresMissingReason();

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/service/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** The indented command line of an answer (the one the user is told to run). */
const commandIn = (text: string, tool: string) => new RegExp(`^  (${tool} .+)$`, 'm').exec(text)?.[1];

describe.skipIf(skipBecause(missing !== undefined, missing ?? ''))('backup and restore with --database postgres://…', () => {
  let cluster: PostgresCluster;
  let folder: string;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    folder = mkdtempSync(join(tmpdir(), 'linkdeck-pgdump-'));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('say to use pg_dump and pg_restore, with commands that work as printed', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase();
    const pool = createPool(url);
    const store = new PostgresStore(pool);
    await migratePostgres(pool, 'test');
    const user = await store.run(createUserWork('dump@example.com', Date.now()));
    const ctx = { baseUrl: () => 'http://127.0.0.1:1', now: () => Date.now() };
    await store.run(createLink(ctx, user.id, { url: 'https://kept.example/', custom: 'kept' }, {}));
    await pool.end();

    const file = join(folder, 'linkdeck.dump');
    const backup = await cli(['backup', '--database', url, '--to', file]);
    expect(backup.code).toBe(2);
    expect(backup.stdout).toBe('');
    expect(backup.stderr).toMatch(/^backup copies the SQLite database of --data; this service keeps its data in PostgreSQL \(postgres:\/\/.+\), which PostgreSQL's own pg_dump backs up consistently while every node runs:\n/);
    expect(backup.stderr).toContain('Nothing was written.');
    const dump = commandIn(backup.stderr, 'pg_dump') as string;
    expect(dump).toBe(`pg_dump --format=custom --file=${file} --dbname=${url}`);
    const dumped = spawnSync('sh', ['-c', dump], { encoding: 'utf8' });
    expect(dumped.status, dumped.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);

    // Restored into another database, as the printed pg_restore line does it.
    const target = await cluster.createDatabase();
    const restore = await cli(['restore', '--from', file], { LINKDECK_DATABASE_URL: target });
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('With every node stopped, restore a pg_dump file with PostgreSQL\'s own pg_restore:');
    expect(restore.stderr).toContain('Nothing was restored.');
    const back = commandIn(restore.stderr, 'pg_restore') as string;
    expect(back).toBe(`pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${target} ${file}`);
    const restored = spawnSync('sh', ['-c', back], { encoding: 'utf8' });
    expect(restored.status, restored.stderr).toBe(0);
    const again = createPool(target);
    try {
      expect((await again.query('SELECT alias, long_url FROM links')).rows).toEqual([{ alias: 'kept', long_url: 'https://kept.example/' }]);
      expect(await new PostgresStore(again).run(userIdForKeyWork(user.apiKey))).toBe(user.id);
    } finally {
      await again.end();
    }
  });

  it('never print the password of the URL; the commands leave it to PGPASSWORD or ~/.pgpass', async () => {
    const url = `postgres://linkdeck:s3cret-word@127.0.0.1:${cluster.port}/linkdeck`;
    const backup = await cli(['backup', '--database', url]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).not.toContain('s3cret-word');
    expect(commandIn(backup.stderr, 'pg_dump')).toMatch(
      new RegExp(`^pg_dump --format=custom --file=linkdeck-\\d{4}-\\d\\d-\\d\\d\\.dump --dbname=postgres://linkdeck@127\\.0\\.0\\.1:${cluster.port}/linkdeck$`),
    );
    const restore = await cli(['restore', '--database', url]);
    expect(restore.stderr).not.toContain('s3cret-word');
    expect(commandIn(restore.stderr, 'pg_restore')).toBe(`pg_restore --clean --if-exists --no-owner --single-transaction --dbname=postgres://linkdeck@127.0.0.1:${cluster.port}/linkdeck linkdeck.dump`);
  });
});
