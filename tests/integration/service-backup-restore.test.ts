import Database from 'libsql';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../electron/service/db.js';
import { API_KEY_LINE, BASE_URL_LINE, buildBundle, call, runService, runToEnd, stopAll } from './support/service-process.js';

/*
 * Backups you can trust and a restore (issue 32), through the bundled command line: a backup of
 * a folder without a database fails with a sentence; a restore refuses while a service runs on
 * the folder, checks the file, keeps the database it replaces; a round trip brings the links back.
 */

let cli: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-restore-'));
  dirs.push(dir);
  return dir;
};
beforeAll(() => {
  cli = buildBundle('service-backup-restore');
});
afterEach(stopAll);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const aliases = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT alias FROM links ORDER BY alias').pluck(true).all() as string[]).join(',');
  } finally {
    db.close();
  }
};

/** One sentence on stderr, no usage text, exit code 2, nothing on stdout. */
function expectSentence(result: { code: number | null; stdout: string[]; stderr: string }, pattern: RegExp) {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toEqual([]);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toContain('Usage:');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

describe('backup and restore', () => {
  it('"backup" of a folder without a database fails with a sentence and creates nothing', async () => {
    const empty = tempDir();
    const to = join(tempDir(), 'copy.db');
    const result = await runToEnd(cli, ['backup', '--data', empty, '--to', to]);
    expectSentence(result, /^There is no service database in .* \(no linkdeck-service\.db\): check --data\. Nothing was written\.$/m);
    expect(readdirSync(empty)).toEqual([]);
    expect(existsSync(to)).toBe(false);
  });

  it('round trip: refused while the service runs, then restored with the replaced database kept; the links are back', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    const service = runService(cli, ['--port', '0', '--data', dataDir]);
    const [, url] = await service.line(BASE_URL_LINE);
    const [, key] = await service.line(API_KEY_LINE);
    for (const alias of ['first', 'second']) {
      expect((await call(`${url}/api/url/add`, key as string, 'POST', { url: `https://example.com/${alias}`, custom: alias })).status).toBe(200);
    }
    const backup = join(tempDir(), 'backup.db');
    const made = await runToEnd(cli, ['backup', '--data', dataDir, '--to', backup]);
    expect(made.code, made.stderr).toBe(0);
    // The backup "already exists" the second time: one sentence, not the usage.
    expectSentence(await runToEnd(cli, ['backup', '--data', dataDir, '--to', backup]), /already exists: choose a new file name, as a backup never overwrites one\.$/m);

    // Changes after the backup: they are what the restore replaces (and keeps aside).
    expect((await call(`${url}/api/url/add`, key as string, 'POST', { url: 'https://example.com/later', custom: 'later' })).status).toBe(200);

    const refused = await runToEnd(cli, ['restore', '--from', backup, '--data', dataDir]);
    expectSentence(refused, /A Linkdeck service is running on .*: stop it first .* Nothing was restored\.$/m);
    // A second service on the same folder is refused the same way.
    const second = await runToEnd(cli, ['--port', '0', '--data', dataDir]);
    expectSentence(second, /^Another Linkdeck service is running on /m);

    service.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    const restored = await runToEnd(cli, ['restore', '--from', backup, '--data', dataDir]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout[0]).toMatch(/^Restored .*backup\.db into .*: 2 links, 1 user\.$/);
    const kept = /^The database it replaced is kept as (.+)\.$/.exec(restored.stdout[1] ?? '')?.[1] as string;
    expect(kept).toMatch(/linkdeck-service\.db\.before-restore-/);
    expect(aliases(kept)).toBe('first,later,second');
    expect(aliases(join(dataDir, DB_FILE))).toBe('first,second');

    const again = runService(cli, ['--port', '0', '--data', dataDir]);
    const [, url2] = await again.line(BASE_URL_LINE);
    try {
      // The same user and key as before the backup; `later` is gone, `first` redirects.
      const list = await call(`${url2}/api/urls?limit=10`, key as string);
      expect(list.status).toBe(200);
      expect((await fetch(`${url2}/first`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/first');
      expect((await fetch(`${url2}/later`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      again.kill('SIGTERM');
      await again.exited;
    }
  });

  it('"restore" checks the file first: not SQLite, not Linkdeck, from a newer Linkdeck; the folder is left as it was', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const files = tempDir();
    const text = join(files, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some words that are long enough to fill a header page'.repeat(20));
    const other = join(files, 'other.db');
    const o = new Database(other);
    o.exec('CREATE TABLE things (id INTEGER PRIMARY KEY)');
    o.close();
    // A real service database whose schema is ahead of this build.
    const made = await runToEnd(cli, ['user', 'add', '--data', dataDir, '--email', 'ana@example.com']);
    expect(made.code, made.stderr).toBe(0);
    const newer = join(files, 'newer.db');
    copyFileSync(join(dataDir, DB_FILE), newer);
    const n = new Database(newer);
    n.pragma('user_version = 9999');
    n.close();

    expectSentence(await runToEnd(cli, ['restore', '--from', text, '--data', dataDir]), /notes\.txt (cannot be opened as an SQLite database|did not pass SQLite's check)/);
    expectSentence(await runToEnd(cli, ['restore', '--from', other, '--data', dataDir]), /other\.db is not a Linkdeck service database \(no links and users tables\): it was not restored\.$/m);
    expectSentence(await runToEnd(cli, ['restore', '--from', newer, '--data', dataDir]), /newer\.db was made by a newer Linkdeck \(schema 9999; this one knows up to \d+\): update this service first, then restore\.$/m);
    expectSentence(await runToEnd(cli, ['restore', '--from', join(files, 'missing.db'), '--data', dataDir]), /missing\.db does not exist or is not a file\.$/m);
    expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
    const keys = await runToEnd(cli, ['keys', '--data', dataDir]);
    expect(keys.stdout.join('\n')).toContain('ana@example.com');
  });
});
