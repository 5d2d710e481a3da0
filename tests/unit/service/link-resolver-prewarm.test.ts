import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../electron/service/db.js';
import { LinkResolver } from '../../../electron/service/redirect/link-resolver.js';
import { createUser } from '../../../electron/service/users.js';

/*
 * The redirect cache read ahead of the first visits (issue 15): every link is in it after
 * prewarm(), a visit still gets what the database says, and a link changed while prewarm runs
 * is never served from a stale read.
 */

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-resolver-'));
  db = openDatabase(dir);
  createUser(db, 'prewarm@localhost');
  const insert = db.prepare(
    `INSERT INTO links (user_id, domain_id, alias, long_url, title, geotarget, devicetarget, languagetarget, parameters, created_at, updated_at)
     VALUES (1, 0, ?, ?, ?, '[]', '[]', '[]', '[]', 0, 0)`,
  );
  for (let i = 1; i <= 25; i++) insert.run(`l${i}`, `https://example.com/${i}`, `Link ${i}`);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const target = (resolver: LinkResolver, alias: string) => resolver.resolve(0, alias)?.targets;

describe('LinkResolver.prewarm', () => {
  it('reads every link into the cache, batch by batch', async () => {
    const resolver = new LinkResolver(db);
    expect(resolver.size).toBe(0);
    expect(await resolver.prewarm({ batch: 4 })).toBe(25);
    expect(resolver.size).toBe(25);
    // Served from the cache: the row is gone from the file, the cached link still answers.
    db.prepare("DELETE FROM links WHERE alias = 'l7'").run();
    expect(resolver.resolve(0, 'l7')?.title).toBe('Link 7');
  });

  it('never keeps a stale read of a link changed while it runs', async () => {
    const resolver = new LinkResolver(db);
    const running = resolver.prewarm({ batch: 5 });
    // Between two batches (newest first): l24 was read already, l3 not yet; both change (as the API does).
    for (const alias of ['l24', 'l3']) {
      db.prepare('UPDATE links SET long_url = ? WHERE alias = ?').run(`https://changed.example/${alias}`, alias);
      resolver.invalidate(Number((db.prepare('SELECT id FROM links WHERE alias = ?').get(alias) as { id: number }).id));
    }
    await running;
    expect(JSON.stringify(target(resolver, 'l3'))).toContain('https://changed.example/l3');
    expect(JSON.stringify(target(resolver, 'l24'))).toContain('https://changed.example/l24');
  });

  it('stops when asked and when the cache is full', async () => {
    expect(await new LinkResolver(db).prewarm({ stopped: () => true })).toBe(0);
    const small = new LinkResolver(db, { maxEntries: 10 });
    expect(await small.prewarm({ batch: 4 })).toBe(10);
    expect(small.size).toBe(10);
    // The newest links first: they are the likeliest visited when not all of them fit.
    expect(small.resolve(0, 'l25')?.title).toBe('Link 25');
    db.prepare('DELETE FROM links').run();
    expect(small.resolve(0, 'l16')?.title).toBe('Link 16');
    expect(small.resolve(0, 'l15')).toBeNull();
  });
});

describe('LinkResolver eviction', () => {
  const cached = (resolver: LinkResolver, alias: string) => {
    const id = Number((db.prepare('SELECT id FROM links WHERE alias = ?').get(alias) as { id: number }).id);
    db.prepare('UPDATE links SET title = ? WHERE id = ?').run(`changed ${alias}`, id);
    // Still the old title: served from the cache, not read again.
    const kept = resolver.resolve(0, alias)?.title === `Link ${alias.slice(1)}`;
    db.prepare('UPDATE links SET title = ? WHERE id = ?').run(`Link ${alias.slice(1)}`, id);
    return kept;
  };

  it('evicts the least recently visited link, not one visited since it was stored', () => {
    const resolver = new LinkResolver(db, { maxEntries: 4 });
    for (const alias of ['l1', 'l2', 'l3', 'l4']) resolver.resolve(0, alias);
    // l1 is the oldest stored, but visited now: l2 is the one to go when l5 comes in.
    resolver.resolve(0, 'l1');
    resolver.resolve(0, 'l5');
    expect(resolver.size).toBe(4);
    expect(cached(resolver, 'l1')).toBe(true);
    expect(cached(resolver, 'l2')).toBe(false);
  });

  it('never evicts a link visited since it was stored while one that was not is there', () => {
    const resolver = new LinkResolver(db, { maxEntries: 10 });
    for (let i = 1; i <= 10; i++) resolver.resolve(0, `l${i}`);
    // Visit l6, then store five more links.
    resolver.resolve(0, 'l6');
    for (let i = 11; i <= 15; i++) resolver.resolve(0, `l${i}`);
    expect(cached(resolver, 'l6')).toBe(true);
    // l1…l5 were the oldest and never visited again: evicted.
    for (let i = 1; i <= 5; i++) expect(cached(resolver, `l${i}`)).toBe(false);
  });

  it('gives visited links a second chance, oldest first, and keeps the link just stored', () => {
    const resolver = new LinkResolver(db, { maxEntries: 3 });
    for (const alias of ['l1', 'l2', 'l3']) resolver.resolve(0, alias);
    // Every link visited: the first store sweeps them all once (marks cleared, order kept) and
    // evicts the oldest, l1, never l4 itself.
    for (const alias of ['l1', 'l2', 'l3']) resolver.resolve(0, alias);
    resolver.resolve(0, 'l4');
    expect(resolver.size).toBe(3);
    expect(cached(resolver, 'l4')).toBe(true);
    expect(cached(resolver, 'l1')).toBe(false);
  });
});
