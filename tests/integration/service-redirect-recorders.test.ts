import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/service/db.js';
import { migrateSqlite } from '../../electron/service/database/migrate.js';
import { InlineClickRecorder, type Click, type ClickRecorder } from '../../electron/service/redirect/click-recorder.js';
import { MAX_STRINGS } from '../../electron/service/redirect/click-batch.js';
import { createClickRecorder, ThreadedClickRecorder } from '../../electron/service/redirect/click-writer-thread.js';
import { createUser } from '../../electron/service/users.js';

/*
 * The two click recorders against a real SQLite file: the threaded one (the default, writing on
 * a worker thread with its own connection) and the inline fallback must leave the database in
 * the same state: one row per click, the counters (link_counts) matching, clicks of deleted links dropped.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDb(): { db: Db; links: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-clicks-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  const user = createUser(db, 'clicks@localhost');
  const insert = db.prepare('INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES (?, ?, ?, 0, 0)');
  const links = ['one', 'two', 'three'].map((alias) => Number(insert.run(user.id, alias, `https://example.com/${alias}`).lastInsertRowid));
  return { db, links };
}

const click = (linkId: number, i: number): Click => ({
  linkId,
  at: 1_700_000_000_000 + i,
  country: i % 2 ? 'DE' : '',
  referrer: i % 3 ? 'www.facebook.com' : '',
  browser: 'Firefox',
  os: 'Linux',
  device: 'linux',
  visitor: `visitor-"quoted"-${i % 5}`,
});

function state(db: Db) {
  const rows = db
    .prepare('SELECT link_id, at, country, referrer, browser, os, device, visitor FROM clicks ORDER BY at')
    .all()
    .map((r) => {
      const c = r as Record<string, unknown>;
      return [c['link_id'], c['at'], c['country'], c['referrer'], c['browser'], c['os'], c['device'], c['visitor']];
    });
  const counts = db.prepare('SELECT link_id AS id, clicks FROM link_counts ORDER BY link_id').all().map((r) => [(r as { id: number }).id, (r as { clicks: number }).clicks]);
  return { rows, counts };
}

/** 2,500 clicks over three links, one of which is deleted before they are written. */
async function exercise(make: (db: Db) => ClickRecorder) {
  const { db, links } = freshDb();
  const recorder = make(db);
  for (let i = 0; i < 2500; i++) recorder.record(click(links[i % 3] as number, i));
  db.prepare('DELETE FROM links WHERE id = ?').run(links[2]);
  await recorder.flush();
  const result = state(db);
  await recorder.close();
  db.close();
  return result;
}

describe('click recorders', () => {
  it('write one row per click and the same count on the link, skipping deleted links', async () => {
    const inline = await exercise((db) => new InlineClickRecorder(db));
    const threaded = await exercise((db) => {
      const r = ThreadedClickRecorder.start(db);
      expect(r).not.toBeNull();
      return r as ThreadedClickRecorder;
    });
    expect(inline.rows).toHaveLength(2500 - 833);
    expect(inline.counts).toEqual([
      [1, 834],
      [2, 833],
    ]);
    expect(inline.rows[1]).toEqual([2, 1_700_000_000_001, 'DE', 'www.facebook.com', 'Firefox', 'Linux', 'linux', 'visitor-"quoted"-1']);
    expect(threaded).toEqual(inline);
  });

  it('writes buffered clicks on close without a flush', async () => {
    const { db, links } = freshDb();
    const recorder = createClickRecorder(db);
    expect(recorder).toBeInstanceOf(ThreadedClickRecorder);
    recorder.record(click(links[0] as number, 1));
    recorder.record(click(links[1] as number, 2));
    await recorder.close();
    expect(state(db).counts).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
    ]);
    // After close a click is written at once, on the caller's connection.
    recorder.record(click(links[2] as number, 3));
    expect(state(db).counts[2]).toEqual([3, 1]);
    db.close();
  });

  it('keeps every string right when the interned table starts over (more distinct values than it holds)', async () => {
    // Clicks travel as typed arrays with interned strings (click-batch.ts); past MAX_STRINGS the
    // table is reset between two messages and the writer must start its copy over at the same point.
    const { db, links } = freshDb();
    const recorder = ThreadedClickRecorder.start(db, { writeIntervalMs: 3_600_000 }) as ThreadedClickRecorder;
    const total = MAX_STRINGS + 1500;
    for (let i = 0; i < total; i++) recorder.record({ ...click(links[i % 2] as number, i), visitor: `v${i}`, referrer: `r${i % 7}.example` });
    await recorder.flush();
    const rows = db.prepare('SELECT at, referrer, visitor FROM clicks').all() as { at: number; referrer: string; visitor: string }[];
    expect(rows).toHaveLength(total);
    const wrong = rows.filter((r) => r.visitor !== `v${r.at - 1_700_000_000_000}` || r.referrer !== `r${(r.at - 1_700_000_000_000) % 7}.example`);
    expect(wrong).toEqual([]);
    expect(await recorder.stats()).toMatchObject({ written: total, pending: 0, dropped: 0 });
    await recorder.close();
    db.close();
  });

  it('falls back to writing inline for a database that is not a file', () => {
    const memory = new Database(':memory:');
    migrateSqlite(memory, 'memory');
    expect(ThreadedClickRecorder.start(memory)).toBeNull();
    expect(createClickRecorder(memory)).toBeInstanceOf(InlineClickRecorder);
    memory.close();
  });
});

/*
 * Issue 15: a click costs the writer thread less the more clicks share a transaction (the pages
 * of the links table and its indexes are written once per commit), so clicks wait in the
 * writer for the write interval, or until a transaction's worth has arrived.
 */
describe('the click writer thread', () => {
  const rowsInOrder = (db: Db) => db.prepare('SELECT link_id FROM clicks ORDER BY rowid').all().map((r) => (r as { link_id: number }).link_id);

  it('writes clicks that arrived in several messages within the write interval in one transaction', async () => {
    const { db, links } = freshDb();
    // An interval no test run reaches: only the flush below writes.
    const recorder = ThreadedClickRecorder.start(db, { writeIntervalMs: 3_600_000 }) as ThreadedClickRecorder;
    // stats() hands the main thread's buffer to the writer first: each thousand travels as its own message.
    for (let i = 0; i < 1000; i++) recorder.record(click(links[1] as number, i));
    expect(await recorder.stats()).toMatchObject({ transactions: 0, pending: 1000 });
    for (let i = 0; i < 1000; i++) recorder.record(click(links[0] as number, 1000 + i));
    expect(await recorder.stats()).toMatchObject({ transactions: 0, pending: 2000 });
    expect(rowsInOrder(db)).toHaveLength(0);
    await recorder.flush();
    expect(await recorder.stats()).toEqual({ transactions: 1, pending: 0, written: 2000, dropped: 0, failing: false });
    // One transaction, sorted by link: the later clicks of the first link come first.
    const order = rowsInOrder(db);
    expect(order).toHaveLength(2000);
    expect(order.slice(0, 1000).every((id) => id === links[0])).toBe(true);
    expect(state(db).counts.slice(0, 2)).toEqual([
      [links[0], 1000],
      [links[1], 1000],
    ]);
    await recorder.close();
    db.close();
  });

  it('writes whole transactions at once when a transaction is full, and leaves the rest for the interval', async () => {
    const { db, links } = freshDb();
    const recorder = ThreadedClickRecorder.start(db, { writeIntervalMs: 3_600_000, maxTransaction: 1500 }) as ThreadedClickRecorder;
    // 2,000 clicks (one message, sent by the hand-off timer) bring the writer past a
    // transaction's worth: 1,500 are written at once, without waiting for the interval; the
    // other 500 are not written early as a small transaction of their own (each commit
    // rewrites every page it touched, so small ones cost more per click) but wait.
    for (let i = 0; i < 2000; i++) recorder.record(click(links[i % 2] as number, i));
    await expect.poll(() => rowsInOrder(db).length, { timeout: 30_000 }).toBe(1500);
    expect(await recorder.stats()).toMatchObject({ transactions: 1, pending: 500 });
    // A flush (an API read, the close) writes what waits.
    await recorder.flush();
    expect(rowsInOrder(db)).toHaveLength(2000);
    expect(await recorder.stats()).toMatchObject({ transactions: 2, pending: 0 });
    await recorder.close();
    db.close();
  });
});
