import { sqliteStore } from '../../electron/service/database/store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../electron/service/app.js';
import type { ServiceContext } from '../../electron/service/context.js';
import { openDatabase, type Db } from '../../electron/service/db.js';
import { createUser } from '../../electron/service/users.js';
import { startTestService, type TestService } from '../support/service.js';
import { openLinkTestDb, type LinkTestDb } from './service-links-support.js';

type Json = Record<string, unknown>;

describe('GET /api/url/:id statistics', () => {
  let s: TestService;
  let t: LinkTestDb;
  beforeAll(async () => {
    s = await startTestService();
    t = await openLinkTestDb(s);
  });
  afterAll(async () => {
    t.close();
    await s.close();
  });

  /** Click rows as the redirect records them: country code, referrer host, browser, OS, visitor hash. */
  async function click(
    linkId: number,
    country: string,
    referrer: string,
    browser: string,
    os: string,
    visitor: string,
  ) {
    (await t.all('INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', linkId, Date.now(), country, referrer, browser, os, 'desktop', visitor));
  }

  async function stats(id: number): Promise<Json> {
    const r = await s.api('GET', `/api/url/${id}`);
    expect(r.status, r.text).toBe(200);
    return r.json['data'] as Json;
  }

  const newLink = async () =>
    (await s.api('POST', '/api/url/add', { url: 'https://stats.example/' })).json['id'] as number;

  it('counts clicks, unique visitors, countries, referrers, browsers, OSes and social networks', async () => {
    const id = await newLink();
    const rows: [string, string, string, string, string][] = [
      ['US', '', 'Chrome', 'Windows', 'v1'],
      ['US', '', 'Chrome', 'Windows', 'v1'],
      ['US', 'facebook.com', 'Chrome', 'macOS', 'v2'],
      ['US', 'm.facebook.com', 'Safari', 'iOS', 'v3'],
      ['US', 'l.facebook.com', 'Safari', 'iOS', 'v3'],
      ['DE', 'fb.com', 'Firefox', 'Linux', 'v4'],
      ['DE', 't.co', 'Firefox', 'Linux', 'v4'],
      ['DE', 'x.com', 'Chrome', 'Android', 'v5'],
      ['', 'twitter.com', 'Chrome', 'Android', 'v6'],
      ['', 'mobile.twitter.com', 'Edge', 'Windows', 'v7'],
      ['FR', 'lnkd.in', 'Edge', 'Windows', 'v8'],
      ['FR', 'www.linkedin.com', '', '', 'v9'],
      ['GB', 'notfacebook.com', 'Opera', 'Windows', 'v10'],
      ['XX', 'news.example.com', 'Chrome', 'Windows', 'v11'],
    ];
    for (const r of rows) await click(id, ...r);
    // The redirect's recorder keeps the counter beside the rows.
    (await t.all('UPDATE link_counts SET clicks = ? WHERE link_id = ?', rows.length, id));
    // Another link's clicks stay out.
    const other = await newLink();
    await click(other, 'JP', 'facebook.com', 'Chrome', 'Windows', 'v99');

    const data = await stats(id);
    expect(Object.keys(data).sort()).toEqual([
      'clicks',
      'socialCount',
      'topBrowsers',
      'topCountries',
      'topOs',
      'topReferrers',
      'uniqueClicks',
    ]);
    expect(data['clicks']).toBe(14);
    expect(data['uniqueClicks']).toBe(11);
    // Order matters (largest first, ties by name), so compare entries, not objects.
    expect(Object.entries(data['topCountries'] as Json)).toEqual([
      ['United States', 5],
      ['Germany', 3],
      ['Unknown', 3],
      ['France', 2],
      ['United Kingdom', 1],
    ]);
    expect(Object.entries(data['topReferrers'] as Json)).toEqual([
      ['Direct', 2],
      ['facebook.com', 1],
      ['fb.com', 1],
      ['l.facebook.com', 1],
      ['lnkd.in', 1],
      ['m.facebook.com', 1],
      ['mobile.twitter.com', 1],
      ['news.example.com', 1],
      ['notfacebook.com', 1],
      ['t.co', 1],
    ]);
    expect(Object.entries(data['topBrowsers'] as Json)).toEqual([
      ['Chrome', 6],
      ['Edge', 2],
      ['Firefox', 2],
      ['Safari', 2],
      ['Opera', 1],
      ['Unknown', 1],
    ]);
    expect(Object.entries(data['topOs'] as Json)).toEqual([
      ['Windows', 6],
      ['Android', 2],
      ['Linux', 2],
      ['iOS', 2],
      ['Unknown', 1],
      ['macOS', 1],
    ]);
    expect(data['socialCount']).toEqual({ facebook: 4, twitter: 4, google: 0, instagram: 0, linkedin: 2 });

    const otherData = await stats(other);
    expect(otherData).toMatchObject({
      uniqueClicks: 1,
      topCountries: { Japan: 1 },
      socialCount: { facebook: 1, twitter: 0, google: 0, instagram: 0, linkedin: 0 },
    });
  });

  it('sends all five socialCount keys real deployments send (6.x samples: facebook, twitter, google; 7.x: facebook, twitter, instagram, linkedin)', async () => {
    const id = await newLink();
    for (const host of ['www.google.com', 'google.de', 'www.google.co.uk', 'news.google.com.br', 'l.instagram.com', 'instagram.com', 'googleusercontent.com', 'notgoogle.com']) {
      await click(id, 'US', host, 'Chrome', 'Windows', host);
    }
    const social = (await stats(id))['socialCount'] as Json;
    expect(Object.keys(social)).toEqual(['facebook', 'twitter', 'google', 'instagram', 'linkedin']);
    expect(social).toEqual({ facebook: 0, twitter: 0, google: 4, instagram: 2, linkedin: 0 });
  });

  it('keeps each top list to ten names', async () => {
    const id = await newLink();
    const countries = ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL'];
    for (const [i, country] of countries.entries()) {
      // US gets 12 clicks, DE 11, … NL 1: the top ten are the first ten.
      for (let n = 0; n < countries.length - i; n++)
        await click(id, country, `r${i}.example`, `Browser ${i}`, `OS ${i}`, `v${i}-${n}`);
    }
    const data = await stats(id);
    expect(Object.keys(data['topCountries'] as Json)).toEqual([
      'United States',
      'Germany',
      'France',
      'United Kingdom',
      'Japan',
      'Brazil',
      'India',
      'Canada',
      'Australia',
      'Spain',
    ]);
    expect(Object.values(data['topCountries'] as Json)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    for (const key of ['topReferrers', 'topBrowsers', 'topOs'])
      expect(Object.keys(data[key] as Json), key).toHaveLength(10);
    expect(data['uniqueClicks']).toBe(78);
  });

  it('reports the list clicks from the same counter', async () => {
    const id = await newLink();
    (await t.all('UPDATE link_counts SET clicks = 3 WHERE link_id = ?', id));
    expect((await stats(id))['clicks']).toBe(3);
    const list = await s.api('GET', '/api/urls?limit=100');
    expect(
      ((list.json['data'] as Json)['urls'] as Json[]).find((u) => u['id'] === id),
    ).toMatchObject({ clicks: 3 });
  });
});

describe('link changes reach the redirect cache', () => {
  let dataDir: string;
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  let key: string;
  const changed: number[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-links-notify-'));
    db = openDatabase(dataDir);
    key = createUser(db, 'notify@example.com').apiKey;
    const ctx: ServiceContext = {
      db,
      store: sqliteStore(db),
      baseUrl: () => base,
      now: Date.now,
      countryHeader: 'cf-ipcountry',
      linkChanged: new Set([(id: number) => changed.push(id)]),
    };
    app = buildApp(ctx, { rateLimit: 0 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };

  it('calls notifyLinkChanged after create, update and delete, and not after a refused change', async () => {
    const created = await call('POST', '/api/url/add', { url: 'https://notify.example/' });
    const id = created.json['id'] as number;
    expect(changed).toEqual([id]);
    expect(
      (await call('PUT', `/api/url/${id}/update`, { url: 'https://notify.example/2' })).status,
    ).toBe(200);
    expect(changed).toEqual([id, id]);
    expect((await call('PUT', `/api/url/${id}/update`, { url: 'javascript:x' })).status).toBe(400);
    expect(changed).toEqual([id, id]);
    expect((await call('DELETE', `/api/url/${id}/delete`)).status).toBe(200);
    expect(changed).toEqual([id, id, id]);
    expect((await call('DELETE', `/api/url/${id}/delete`)).status).toBe(404);
    expect(changed).toEqual([id, id, id]);
  });
});
