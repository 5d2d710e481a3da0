import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../electron/service/db.js';
import { aliasOfPath } from '../../../electron/service/redirect/direct-redirect.js';
import { DomainResolver, HOST_TTL_MS } from '../../../electron/service/redirect/domain-resolver.js';
import { LinkResolver } from '../../../electron/service/redirect/link-resolver.js';
import { chooseTarget } from '../../../electron/service/redirect/targeting.js';
import { createUser } from '../../../electron/service/users.js';

/*
 * What the direct redirect decides once instead of per visit (issue 32, item 10): the alias of
 * a path read without a regular expression, a plain link's Location made when it is cached, and
 * cache keys without a string built per visit. The end-to-end answers are compared with the
 * Fastify routes' in tests/integration/service-direct-redirect.test.ts.
 */

describe('aliasOfPath (the ALIAS_PATH rule: /<1–64 of A-Z a-z 0-9 _ ->, optional slash, optional query)', () => {
  it('reads the alias of the paths the direct redirect answers', () => {
    expect(aliasOfPath('/abc')).toBe('abc');
    expect(aliasOfPath('/abc/')).toBe('abc');
    expect(aliasOfPath('/abc?utm=1')).toBe('abc');
    expect(aliasOfPath('/abc/?utm=1')).toBe('abc');
    expect(aliasOfPath('/A-z_09')).toBe('A-z_09');
    expect(aliasOfPath(`/${'a'.repeat(64)}`)).toBe('a'.repeat(64));
  });

  it('leaves everything else to Fastify', () => {
    for (const path of ['', '/', '//', '/?x', 'abc', '/abc//', '/a/b', '/abc#x', '/ab%41', '/ab.c', '/ab c', '/é', `/${'a'.repeat(65)}`, '/abc/x?y']) {
      expect(aliasOfPath(path), path).toBeUndefined();
    }
  });
});

describe('LinkResolver: what a visit needs, made once', () => {
  let dir: string;
  let db: Db;
  const insert = (domainId: number, alias: string, url: string, extra: Partial<Record<'geotarget' | 'devicetarget' | 'languagetarget' | 'deeplink' | 'parameters', string>> = {}) =>
    db
      .prepare(
        `INSERT INTO links (user_id, domain_id, alias, long_url, title, geotarget, devicetarget, languagetarget, deeplink, parameters, created_at, updated_at)
         VALUES (1, ?, ?, ?, '', ?, ?, ?, ?, ?, 0, 0)`,
      )
      .run(domainId, alias, url, extra.geotarget ?? '[]', extra.devicetarget ?? '[]', extra.languagetarget ?? '[]', extra.deeplink ?? '{}', extra.parameters ?? '[]');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-hot-path-'));
    db = openDatabase(dir);
    createUser(db, 'hot@localhost');
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives a plain link its Location, with its parameters and in ASCII, the same as chooseTarget's", () => {
    insert(0, 'plain', 'https://example.com/a?x=1', { parameters: JSON.stringify([{ name: 'utm_source', value: 'deck' }]) });
    insert(0, 'idn', 'https://bücher.example/straße');
    const resolver = new LinkResolver(db);
    const plain = resolver.resolve(0, 'plain');
    expect(plain?.location).toBe('https://example.com/a?x=1&utm_source=deck');
    expect(plain?.location).toBe(chooseTarget(plain!.targets, { device: 'iphone', country: 'DE', acceptLanguage: 'fr' }).url);
    expect(resolver.resolve(0, 'idn')?.location).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
  });

  it('gives no fixed Location to a link whose target depends on the visitor', () => {
    insert(0, 'geo', 'https://example.com/', { geotarget: JSON.stringify([{ location: 'DE', link: 'https://example.de/' }]) });
    insert(0, 'device', 'https://example.com/', { devicetarget: JSON.stringify([{ device: 'iphone', link: 'https://m.example.com/' }]) });
    insert(0, 'language', 'https://example.com/', { languagetarget: JSON.stringify([{ language: 'fr', link: 'https://example.fr/' }]) });
    insert(0, 'app', 'https://example.com/', { deeplink: JSON.stringify({ apple: 'https://apps.apple.com/app/id1' }) });
    const resolver = new LinkResolver(db);
    for (const alias of ['geo', 'device', 'language', 'app']) {
      const link = resolver.resolve(0, alias);
      expect(link, alias).not.toBeNull();
      expect(link?.location, alias).toBeNull();
    }
  });

  it('keeps the same alias on the own host and on a branded domain apart', async () => {
    db.prepare("INSERT INTO domains (user_id, domain, host, created_at) VALUES (1, 'https://go.example', 'go.example', 0)").run();
    insert(0, 'same', 'https://example.com/own');
    insert(1, 'same', 'https://example.com/branded');
    insert(0, 'own', 'https://example.com/own-only');
    // Read ahead (prewarm's keys) and read on a visit (resolve's keys) alike.
    const warmed = new LinkResolver(db);
    await warmed.prewarm();
    for (const resolver of [warmed, new LinkResolver(db)]) {
      expect(resolver.resolve(0, 'same')?.location).toBe('https://example.com/own');
      expect(resolver.resolve(1, 'same')?.location).toBe('https://example.com/branded');
      expect(resolver.resolve(1, 'own')).toBeNull();
      expect(resolver.resolve(0, 'own')?.location).toBe('https://example.com/own-only');
    }
  });

  it('reads no Host header while the service has no branded domain, and sees a new one within HOST_TTL_MS', () => {
    let now = 1_000_000;
    const domains = new DomainResolver(db, () => now);
    expect(domains.lookup('go.example')).toBeNull();
    db.prepare("INSERT INTO domains (user_id, domain, host, redirect_root, created_at) VALUES (1, 'https://go.example', 'go.example', 'https://example.com/home', 0)").run();
    // "No domain at all" was read a moment ago and holds for the TTL, as a cached host does.
    now += HOST_TTL_MS - 1;
    expect(domains.lookup('go.example')).toBeNull();
    now += 1;
    expect(domains.lookup('go.example')).toMatchObject({ id: 1, redirectRoot: 'https://example.com/home' });
    expect(domains.lookup('other.example')).toBeNull();
    db.prepare('DELETE FROM domains').run();
    now += HOST_TTL_MS;
    expect(domains.lookup('go.example')).toBeNull();
  });
});
