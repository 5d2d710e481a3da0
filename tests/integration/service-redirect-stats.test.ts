import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../electron/service/start.js';
import { startTestService, type TestService } from '../support/service.js';
import { createLink, UA, visit } from './service-redirect-support.js';

/*
 * What each hit records: time, country, referrer host, browser, OS, device and a salted visitor
 * hash, never the raw address. The visits come from 127.0.0.2 / 127.0.0.3 (loopback aliases),
 * so the client address is a string nothing else in the database contains.
 */

const IP_A = '127.0.0.2';
const IP_B = '127.0.0.3';

interface ClickRow {
  at: number;
  country: string;
  referrer: string;
  browser: string;
  os: string;
  device: string;
  visitor: string;
}

interface Stats {
  data: {
    clicks: number;
    uniqueClicks: number;
    topCountries: Record<string, number>;
    topReferrers: Record<string, number>;
    topBrowsers: Record<string, number>;
    topOs: Record<string, number>;
    socialCount: Record<string, number>;
  };
}

describe('click recording', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(async () => {
    await s.close();
  });
  const one = async <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => (await s.sql<R>(statement, ...params))[0];
  const all = <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => s.sql<R>(statement, ...params);

  const clickRows = async (linkId: number) =>
    (await all<ClickRow>('SELECT at, country, referrer, browser, os, device, visitor FROM clicks WHERE link_id = ? ORDER BY id', linkId)).map((row) => {
      return { at: row.at, country: row.country, referrer: row.referrer, browser: row.browser, os: row.os, device: row.device, visitor: row.visitor };
    });
  const stats = async (linkId: number) => (await s.api<Stats>('GET', `/api/url/${linkId}`)).json.data;

  it('records country, referrer host, browser, OS and device, and the statistics read them', async () => {
    const link = await createLink(s, { url: 'https://example.com/stats' });
    const before = Date.now();
    const r = await visit(s, link.path, {
      localAddress: IP_A,
      headers: { 'user-agent': UA.windowsFirefox, referer: 'https://www.facebook.com/some/post?id=1', 'cf-ipcountry': 'de' },
    });
    expect(r.status).toBe(302);
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.iphone } });

    // The links routes' own reading of the statistics, once the click batch is written.
    await s.service.flushClicks();
    expect((await stats(link.id)).clicks).toBe(2);
    const rows = await clickRows(link.id);
    expect(rows).toEqual([
      { at: expect.any(Number), country: 'DE', referrer: 'www.facebook.com', browser: 'Firefox', os: 'Windows', device: 'windows', visitor: expect.stringMatching(/^[0-9a-f]{32}$/) },
      { at: expect.any(Number), country: '', referrer: '', browser: 'Safari', os: 'iOS', device: 'iphone', visitor: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    expect(rows[0]?.at).toBeGreaterThanOrEqual(before);
    expect(rows[0]?.at).toBeLessThanOrEqual(Date.now());

    const data = await stats(link.id);
    expect(data.topCountries).toEqual({ Germany: 1, Unknown: 1 });
    expect(data.topBrowsers).toEqual({ Firefox: 1, Safari: 1 });
    expect(data.topOs).toEqual({ Windows: 1, iOS: 1 });
    expect(data.topReferrers).toEqual({ 'www.facebook.com': 1, Direct: 1 });
    expect(data.socialCount).toMatchObject({ facebook: 1 });
  });

  it('counts a unique visitor per address + user agent + day', async () => {
    const link = await createLink(s, { url: 'https://example.com/unique' });
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.macSafari } });
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.macSafari } });
    await visit(s, link.path, { localAddress: IP_B, headers: { 'user-agent': UA.macSafari } });
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.android } });
    await s.service.flushClicks();
    expect((await stats(link.id)).clicks).toBe(4);
    expect((await stats(link.id)).uniqueClicks).toBe(3);
    const visitors = (await clickRows(link.id)).map((c) => c.visitor);
    expect(visitors[0]).toBe(visitors[1]);
    expect(new Set(visitors).size).toBe(3);
  });

  it('never stores the visitor address: not in the clicks table, not anywhere in the database files', async () => {
    const link = await createLink(s, { url: 'https://example.com/private' });
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.windowsChrome } });
    await visit(s, link.path, { localAddress: IP_B, headers: { 'user-agent': UA.windowsChrome } });
    await s.service.flushClicks();
    expect(await clickRows(link.id)).toHaveLength(2);

    const everything = (await all('SELECT * FROM clicks')).map((r) => JSON.stringify(r)).join('\n');
    expect(everything.length).toBeGreaterThan(0);
    for (const ip of [IP_A, IP_B]) {
      expect(everything).not.toContain(ip);
      for (const file of readdirSync(s.dataDir)) {
        const bytes = readFileSync(join(s.dataDir, file));
        expect(bytes.includes(Buffer.from(ip)), `${ip} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(ip, 'utf16le')), `${ip} (UTF-16) in ${file}`).toBe(false);
      }
    }
    // The hash is salted with a random per-database secret.
    const salt = (await one("SELECT value FROM settings WHERE key = 'visitor_salt'")) as { value: string } | undefined;
    expect(salt?.value).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('click recording across a restart', () => {
  it('writes buffered clicks on close and keeps the same visitor salt afterwards', async () => {
    const s = await startTestService();
    const link = await createLink(s, { url: 'https://example.com/restart' });
    await visit(s, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.windowsChrome } });
    // No waiting for the batch: closing the service must write it.
    await s.service.close();

    const again = await startService({ dataDir: s.dataDir, ...(s.database ? { database: s.database } : {}), port: 0, rateLimit: 0 });
    const one = async <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => (await s.sql<R>(statement, ...params))[0];
    const all = <R = Record<string, unknown>>(statement: string, ...params: unknown[]) => s.sql<R>(statement, ...params);
    try {
      expect(((await one('SELECT clicks FROM link_counts WHERE link_id = ?', link.id)) as { clicks: number }).clicks).toBe(1);
      await visit({ ...s, url: again.url }, link.path, { localAddress: IP_A, headers: { 'user-agent': UA.windowsChrome } });
      await again.close();
      const visitors = (await all('SELECT visitor FROM clicks WHERE link_id = ?', link.id)).map((r) => (r as { visitor: string }).visitor);
      expect(visitors).toHaveLength(2);
      expect(visitors[0]).toBe(visitors[1]);
    } finally {
      await s.close();
    }
  });
});
