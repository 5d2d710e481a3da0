import { sqliteStore } from '../../electron/service/database/store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AddressLimiter } from '../../electron/service/address-limits.js';
import type { ServiceContext } from '../../electron/service/context.js';
import { openDatabase, type Db } from '../../electron/service/db.js';
import { createClickRecorder } from '../../electron/service/redirect/click-writer-thread.js';
import type { ClickRecorder } from '../../electron/service/redirect/click-recorder.js';
import { createDirectRedirect } from '../../electron/service/redirect/direct-redirect.js';
import { DomainResolver } from '../../electron/service/redirect/domain-resolver.js';
import { LinkResolver } from '../../electron/service/redirect/link-resolver.js';
import { LinkVisits } from '../../electron/service/redirect/link-visit.js';
import { createUser } from '../../electron/service/users.js';
import { startTestService, type TestService } from '../support/service.js';
import { createLink, UA, visit } from './service-redirect-support.js';

/*
 * Issue 15: plain redirects (`GET`/`HEAD /<alias>`) are answered from the raw node:http request
 * in front of Fastify (electron/service/redirect/direct-redirect.ts). First the direct path on
 * its own, with the service's real caches, visits and click writer on a real SQLite file, in a
 * real node:http server whose other requests answer 599 ("handed to Fastify"); then the whole
 * service, where its answers must be the Fastify route's, header for header.
 */

const HANDED_OVER = 599;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

function send(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the direct redirect, on its own', () => {
  let dir: string;
  let db: Db;
  let clicks: ClickRecorder;
  let server: Server;
  let port: number;
  let pages: AddressLimiter;
  const now = () => Date.now();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-direct-'));
    db = openDatabase(dir);
    const user = createUser(db, 'direct@localhost');
    const insert = db.prepare(
      `INSERT INTO links (user_id, alias, long_url, redirect_type, password_hash, expires_at, geotarget, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    insert.run(user.id, 'plain', 'https://example.com/plain', 'direct', null, null, '[]');
    insert.run(user.id, 'geo', 'https://example.com/world', 'direct', null, null, JSON.stringify([{ location: 'DE', link: 'https://example.de/' }]));
    insert.run(user.id, 'locked', 'https://example.com/locked', 'direct', 'not-a-real-hash', null, '[]');
    insert.run(user.id, 'gone', 'https://example.com/gone', 'direct', null, Date.now() - 1000, '[]');
    insert.run(user.id, 'framed', 'https://example.com/framed', 'frame', null, null, '[]');
    insert.run(user.id, 'limited', 'https://example.com/limited', 'direct', null, null, '[]');
    const ctx: ServiceContext = { db, store: sqliteStore(db), baseUrl: () => 'http://127.0.0.1', now, countryHeader: 'cf-ipcountry', linkChanged: new Set() };
    clicks = createClickRecorder(db);
    // Loopback counted here, so that the test's own requests meet the limit.
    pages = new AddressLimiter({ perMinute: 20, now, limitLoopback: true });
    const direct = createDirectRedirect({
      domains: new DomainResolver(db, now),
      links: new LinkResolver(db, { clock: now }),
      visits: new LinkVisits(ctx, clicks),
      pages,
      now,
      countryHeader: ctx.countryHeader,
    });
    server = createServer((req, res) => {
      if (direct(req, res)) return;
      res.writeHead(HANDED_OVER);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await clicks.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const clicksOf = async (alias: string) => {
    await clicks.flush();
    return db.prepare('SELECT c.country, c.referrer, c.browser, c.os, c.device FROM clicks c JOIN links l ON l.id = c.link_id WHERE l.alias = ?').all(alias) as Record<string, string>[];
  };

  it('answers a plain link with the 302 of the Fastify route (Location, no-store, no body) and records the click', async () => {
    const r = await send(port, 'GET', '/plain', { 'user-agent': UA.windowsFirefox, 'cf-ipcountry': 'fr', referer: 'https://news.example.org/item?id=1' });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://example.com/plain');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-length']).toBe('0');
    expect(await clicksOf('plain')).toEqual([{ country: 'FR', referrer: 'news.example.org', browser: 'Firefox', os: 'Windows', device: 'windows' }]);
  });

  it('answers HEAD, a trailing slash and a query string the same way; HEAD is not counted', async () => {
    const head = await send(port, 'HEAD', '/plain');
    expect([head.status, head.headers.location, head.headers['cache-control']]).toEqual([302, 'https://example.com/plain', 'no-store']);
    for (const path of ['/plain/', '/plain?utm_source=x', '/plain/?a=1']) {
      const r = await send(port, 'GET', path);
      expect([path, r.status, r.headers.location]).toEqual([path, 302, 'https://example.com/plain']);
    }
    // The first test's click and the three GETs above: not the HEAD.
    expect(await clicksOf('plain')).toHaveLength(4);
  });

  it('sends the visitor to the target the link names for them (targeting is the visit’s, shared with Fastify)', async () => {
    expect((await send(port, 'GET', '/geo', { 'cf-ipcountry': 'DE' })).headers.location).toBe('https://example.de/');
    expect((await send(port, 'GET', '/geo', { 'cf-ipcountry': 'US' })).headers.location).toBe('https://example.com/world');
  });

  it('hands everything that is not a plain 302 to Fastify, untouched and uncounted', async () => {
    const cases: [string, string][] = [
      ['GET', '/nothing-here'], // unknown: the 404 page or the domain's 404 address
      ['GET', '/locked'], // the password form
      ['GET', '/gone'], // the expired page
      ['GET', '/framed'], // the frame page
      ['GET', '/api'], // the API's JSON 404
      ['GET', '/r/'], // other routes' first segments
      ['GET', '/avatar/'],
      ['GET', '/%70lain'], // %-escapes: the router decodes (and answers 400 for bad ones)
      ['GET', '/pl.ain'], // no alias has these characters
      ['GET', `/${'a'.repeat(65)}`], // longer than any alias (the router's 414 past 500)
      ['GET', '/plain//'],
      ['POST', '/plain'], // the password form's post
      ['OPTIONS', '/plain'],
    ];
    const before = (await clicksOf('plain')).length;
    for (const [method, path] of cases) {
      const r = await send(port, method, path);
      expect([method, path, r.status]).toEqual([method, path, HANDED_OVER]);
    }
    expect(await clicksOf('plain')).toHaveLength(before);
    for (const alias of ['locked', 'gone', 'framed']) expect(await clicksOf(alias)).toEqual([]);
  });

  it('counts its redirects against the page limit, and hands a refused request over uncounted (Fastify answers the 429)', async () => {
    // The limiter of this server has counted every request it answered so far; fill it up.
    let answered = 0;
    let refused: Answer | undefined;
    while (refused === undefined && answered <= 20) {
      const r = await send(port, 'GET', '/limited');
      if (r.status === 302) answered++;
      else refused = r;
    }
    expect(refused?.status).toBe(HANDED_OVER);
    // Refused: not counted, so the limiter still refuses (Fastify's hook asks it again).
    expect(pages.take('127.0.0.1')).toBeGreaterThan(0);
    expect((await clicksOf('limited')).length).toBe(answered);
    expect(answered).toBeGreaterThan(0);
  });
});

describe('the direct redirect in the service', () => {
  let direct: TestService;
  let viaFastify: TestService;
  afterEach(async () => {
    await direct?.close();
    await viaFastify?.close();
  });

  it('answers exactly as the Fastify route does (which answers every redirect behind a trusted proxy)', async () => {
    direct = await startTestService();
    // With --trust-proxy the client address is Fastify's to work out: no direct path.
    viaFastify = await startTestService({ trustProxy: ['192.0.2.1'] });
    const requests: [string, string, Record<string, string>][] = [
      ['GET', '/target', { 'user-agent': UA.windowsChrome }],
      ['HEAD', '/target', {}],
      ['GET', '/target/', {}],
      ['GET', '/target?x=1', {}],
      ['GET', '/target', { 'user-agent': UA.iphone }],
      ['GET', '/target', { 'cf-ipcountry': 'de' }],
      ['GET', '/target', { 'accept-language': 'fr-FR,fr;q=0.9' }],
      ['GET', '/nothing-here', {}],
      ['GET', '/api', {}],
    ];
    const answers = [];
    for (const s of [direct, viaFastify]) {
      await createLink(s, {
        url: 'https://example.com/target',
        custom: 'target',
        geotarget: [{ location: 'Germany', link: 'https://example.de/' }],
        devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
        languagetarget: [{ language: 'fr', link: 'https://example.fr/' }],
      });
      const seen = [];
      for (const [method, path, headers] of requests) {
        const r = await visit(s, path, { method, headers });
        const { date: _date, ...rest } = r.headers;
        seen.push({ method, path, status: r.status, headers: rest, body: r.body });
      }
      await s.service.flushClicks();
      const stored = await s.api<{ error: number; details?: { clicks?: number } }>('GET', '/api/url/1');
      answers.push({ seen, clicks: stored.json.details?.clicks });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.seen[0]?.status).toBe(302);
    // Every GET of the link counted, the HEAD not.
    expect(answers[0]?.clicks).toBe(6);
  });
});

describe('clicks written in batches, read through the API', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService({ rateLimit: 0 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('a read of the API counts every visit answered before it (the writer waits up to a second)', async () => {
    const link = await createLink(s, { url: 'https://example.com/read-your-clicks' });
    for (let i = 0; i < 3; i++) expect((await visit(s, link.path)).status).toBe(302);
    const one = await s.api<{ error: number; data: { clicks: number } }>('GET', `/api/url/${link.id}`);
    expect(one.json.data.clicks).toBe(3);
    const list = await s.api<{ data: { urls: { id: number; clicks: number }[] } }>('GET', '/api/urls?limit=10');
    expect(list.json.data.urls.find((u) => u.id === link.id)?.clicks).toBe(3);
  });
});
