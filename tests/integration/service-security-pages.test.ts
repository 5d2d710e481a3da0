import Database from 'libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyPrefix, hashApiKey, newApiKey } from '../../electron/service/api-keys.js';
import { DB_FILE, openDatabase } from '../../electron/service/db.js';
import { migrateSqlite } from '../../electron/service/database/migrate.js';
import { migrations } from '../../electron/service/database/migrations.js';
import { PASSWORD_LIMIT, PASSWORD_WINDOW_MS } from '../../electron/service/redirect/password-throttle.js';
import { startService } from '../../electron/service/start.js';
import { startTestService, type TestService } from '../support/service.js';
import { createLink, visit, type Visit } from './service-redirect-support.js';

/*
 * What the service's public (non-/api) side refuses to give away, over real HTTP: password
 * guessing on protected links, destinations on public campaign pages, bidirectional-text tricks
 * beside destinations, the security headers of every HTML answer (the router's own included),
 * and avatar addresses that do not list the users.
 */

let s: TestService;
/** The service's clock runs this far ahead of the wall clock: a test moves it past the password window. */
let ahead = 0;

beforeAll(async () => {
  s = await startTestService({ now: () => Date.now() + ahead });
});
afterAll(async () => {
  await s.close();
});

/** Any 127.x.y.z reaches the service on Linux: each is a client address of its own. */
const ALICE = '127.0.0.1';
const BOB = '127.0.0.2';

const guess = (path: string, password: string, localAddress = ALICE) => visit(s, path, { form: { password }, localAddress });

const statuses = (visits: Visit[]) => visits.map((v) => v.status);

describe('password-protected links: guessing is throttled per link and client address', () => {
  it(`refuses the password after ${PASSWORD_LIMIT} wrong ones a minute with 429, Retry-After and when to come back, in words`, async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/plans', password: 'correct horse' });
    const wrong: Visit[] = [];
    for (let i = 0; i < PASSWORD_LIMIT; i++) wrong.push(await guess(link.path, `guess ${i}`));
    expect(statuses(wrong)).toEqual(Array(PASSWORD_LIMIT).fill(401));

    const refused = await guess(link.path, 'guess 6');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Too many wrong passwords');
    expect(refused.body).toMatch(/Try again in (1 minute|\d\d seconds)\./);
    expect(refused.body).not.toContain('name="password"');
    expect(refused.body).not.toContain('secret.example.com');

    // Refused unread: the right password does not get in either, for now.
    expect((await guess(link.path, 'correct horse')).status).toBe(429);
    // Another address, and another link from the same address, are not affected.
    expect((await guess(link.path, 'correct horse', BOB)).location).toBe('https://secret.example.com/plans');
    const other = await createLink(s, { url: 'https://secret.example.com/other', password: 'correct horse' });
    expect((await guess(other.path, 'nope')).status).toBe(401);

    // A window later the address may try again.
    ahead += PASSWORD_WINDOW_MS;
    const right = await guess(link.path, 'correct horse');
    expect(right.status).toBe(302);
    expect(right.location).toBe('https://secret.example.com/plans');
  });

  it('counts guesses in flight: 20 posted at once get 5 password checks', async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/burst', password: 'correct horse' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(link.path, `burst ${i}`)));
    const counts = { 401: 0, 429: 0 } as Record<number, number>;
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    expect(counts).toEqual({ 401: PASSWORD_LIMIT, 429: 20 - PASSWORD_LIMIT });
  });

  it('lets a visitor who mistypes a few times in, and starts counting afresh after the right password', async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/typo', password: 'correct horse' });
    for (let i = 0; i < PASSWORD_LIMIT - 1; i++) expect((await guess(link.path, 'correct hose')).status).toBe(401);
    expect((await guess(link.path, 'correct horse')).location).toBe('https://secret.example.com/typo');
    for (let i = 0; i < PASSWORD_LIMIT - 1; i++) expect((await guess(link.path, 'correct hose')).status).toBe(401);
    expect((await guess(link.path, 'correct horse')).location).toBe('https://secret.example.com/typo');
  });

  it('answers an expired protected link 410 whatever the password, without counting guesses', async () => {
    const link = await createLink(s, { url: 'https://secret.example.com/old', password: 'correct horse', expiry: '2099-01-01 00:00:00' });
    const upd = await s.api('PUT', `/api/url/${link.id}/update`, { url: 'https://secret.example.com/old', expiry: '2020-01-01 00:00:00' });
    expect(upd.status, upd.text).toBe(200);
    const answers: Visit[] = [];
    for (let i = 0; i < PASSWORD_LIMIT + 2; i++) answers.push(await guess(link.path, `old ${i}`));
    answers.push(await guess(link.path, 'correct horse'));
    answers.push(await visit(s, link.path));
    expect(statuses(answers)).toEqual(Array(PASSWORD_LIMIT + 4).fill(410));
    for (const a of answers) {
      expect(a.body).toContain('This short link has expired');
      expect(a.body).not.toContain('secret.example.com');
    }
  });
});

describe('public campaign pages', () => {
  it('list the short URL and the title the owner set, never a destination, and not expired links', async () => {
    const made = await s.api<{ id: number }>('POST', '/api/campaign/add', { name: 'Launch week', public: true });
    expect(made.status, made.text).toBe(200);
    const campaign = made.json.id;
    const secret = await createLink(s, { url: 'https://intranet.example.com/internal/roadmap-2027.pdf', password: 'pw', campaign });
    const titled = await createLink(s, { url: 'https://shop.example.com/spring', metatitle: 'Spring sale', campaign });
    const untitled = await createLink(s, { url: 'https://blog.example.com/launch-post', campaign });
    const gone = await createLink(s, { url: 'https://shop.example.com/old', metatitle: 'Last year', campaign, expiry: '2099-01-01 00:00:00' });
    const upd = await s.api('PUT', `/api/url/${gone.id}/update`, { url: 'https://shop.example.com/old', expiry: '2020-01-01 00:00:00' });
    expect(upd.status, upd.text).toBe(200);

    const r = await visit(s, `/c/${campaign}`);
    expect(r.status).toBe(200);
    for (const link of [secret, titled, untitled]) expect(r.body).toContain(`href="${link.shorturl}"`);
    expect(r.body).toContain('Spring sale');
    for (const leak of ['roadmap', 'internal', 'intranet', 'shop.example.com', 'blog.example.com', 'launch-post', 'example.com']) {
      expect(r.body, leak).not.toContain(leak);
    }
    expect(r.body).not.toContain(gone.shorturl);
    expect(r.body).not.toContain('Last year');
  });
});

/** Every bidirectional-text control: embeddings, overrides, isolates, marks. */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
const BIDI_RE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

describe('bidirectional text beside destinations', () => {
  it('drops bidi controls from titles on interstitial pages and isolates the titles', async () => {
    const overlays = await s.api<{ data: { cta: { id: number; name: string }[] } }>('GET', '/api/overlay');
    const overlay = overlays.json.data.cta.find((o) => o.name === 'Newsletter sign-up') as { id: number };
    for (const type of ['splash', 'frame', `overlay-${overlay.id}`]) {
      const link = await createLink(s, { url: 'https://example.org/file', type, metatitle: `Invoice ${BIDI}fdp.exe` });
      const r = await visit(s, link.path);
      expect(r.status, type).toBe(200);
      expect(r.body, type).toContain('https://example.org/file');
      expect(BIDI_RE.test(r.body), `${type}: a bidi control reached the page`).toBe(false);
      expect(r.body, type).toContain('<bdi>Invoice fdp.exe</bdi>');
    }
  });

  it("drops them from the user's own splash page title and message", async () => {
    const splash = await s.api<{ data: { splash: { id: number; name: string }[] } }>('GET', '/api/splash');
    const launch = splash.json.data.splash.find((p) => p.name === 'Product launch') as { id: number };
    // The API only lists splash pages (they are made on the service's website): arrange in the file.
    const db = openDatabase(s.dataDir);
    try {
      db.prepare('UPDATE splash_pages SET config = ? WHERE id = ?').run(JSON.stringify({ title: `New ${BIDI}fdp.exe`, message: `Read ${BIDI}me` }), launch.id);
    } finally {
      db.close();
    }
    const link = await createLink(s, { url: 'https://launch.example.org/', type: launch.id });
    const r = await visit(s, link.path);
    expect(r.status).toBe(200);
    expect(BIDI_RE.test(r.body)).toBe(false);
    expect(r.body).toContain('<h1><bdi>New fdp.exe</bdi></h1>');
    expect(r.body).toContain('<bdi>Read me</bdi>');
    expect(r.body).toContain('Next: <bdi dir="ltr">launch.example.org</bdi>');
  });

  it('drops them from campaign names and link titles on the campaign page', async () => {
    const made = await s.api<{ id: number }>('POST', '/api/campaign/add', { name: `Deals ${BIDI}gro.elpmaxe`, public: true });
    expect(made.status, made.text).toBe(200);
    await createLink(s, { url: 'https://example.org/deal', metatitle: `Deal ${BIDI}moc.kab`, campaign: made.json.id });
    const r = await visit(s, `/c/${made.json.id}`);
    expect(r.status).toBe(200);
    expect(BIDI_RE.test(r.body)).toBe(false);
    expect(r.body).toContain('<bdi>Deals gro.elpmaxe</bdi>');
    expect(r.body).toContain('<bdi>Deal moc.kab</bdi>');
  });
});

describe('security headers of every HTML answer', () => {
  const expectPageHeaders = (r: Visit, where: string) => {
    expect(r.headers['content-type'], where).toMatch(/^text\/html/);
    expect(r.headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy'], where).toContain("default-src 'none'");
    expect(r.headers['x-content-type-options'], where).toBe('nosniff');
    expect(r.headers['x-frame-options'], where).toBe('DENY');
    expect(r.headers['referrer-policy'], where).toBe('no-referrer');
    expect(r.headers['cache-control'], where).toBe('no-store');
  };

  it("the router's not-found and error pages carry the same headers as the short links' pages", async () => {
    const routerPages: [string, number][] = [
      ['/no/such/page', 404],
      ['/avatar/unknown.svg', 404],
      ['/%zz', 400],
      [`/${'a'.repeat(501)}`, 414],
    ];
    for (const [path, status] of routerPages) {
      const r = await visit(s, path);
      expect(r.status, path).toBe(status);
      expectPageHeaders(r, path);
    }
    const protectedLink = await createLink(s, { url: 'https://secret.example.com/h', password: 'pw' });
    for (const path of ['/', '/no-such-alias', protectedLink.path, '/c/999999']) expectPageHeaders(await visit(s, path), path);
  });
});

describe('avatars', () => {
  const AVATAR = /\/avatar\/([0-9a-f]{32})\.svg$/;
  const avatarOf = async (key?: string) => {
    const r = await s.api<{ data: { id: number; avatar: string } }>('GET', '/api/account', undefined, key ? { key } : {});
    expect(r.status, r.text).toBe(200);
    return r.json.data;
  };

  it('live at a random address per user, not at the user id: ids do not answer', async () => {
    const db = openDatabase(s.dataDir);
    let other: string;
    try {
      other = newApiKey();
      db.prepare('INSERT INTO users (email, username, api_key_hash, api_key_prefix, created_at) VALUES (?, ?, ?, ?, ?)').run(
        'grace@example.com', 'grace', hashApiKey(other), apiKeyPrefix(other), Date.now());
    } finally {
      db.close();
    }
    const first = await avatarOf();
    const second = await avatarOf(other);
    for (const account of [first, second]) {
      expect(account.avatar).toMatch(AVATAR);
      expect(account.avatar.startsWith(`${s.url}/avatar/`)).toBe(true);
      const r = await visit(s, new URL(account.avatar).pathname);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    }
    expect(second.avatar).not.toBe(first.avatar);
    for (const id of [first.id, second.id, 1, 2, 3]) expect((await visit(s, `/avatar/${id}.svg`)).status, `id ${id}`).toBe(404);
  });

  it('get their address on a database made before avatar tokens (service migration)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-avatar-migration-'));
    try {
      const mine = migrations.findIndex((m) => m.statements('sqlite').some((q) => q.sql.includes('avatar_token')));
      expect(mine).toBeGreaterThan(0);
      const key = newApiKey();
      const old = new Database(join(dir, DB_FILE));
      migrateSqlite(old, dir, mine);
      old.prepare('INSERT INTO users (email, username, api_key_hash, api_key_prefix, created_at) VALUES (?, ?, ?, ?, ?)').run(
        'old@example.com', 'old', hashApiKey(key), apiKeyPrefix(key), Date.now());
      old.close();

      const service = await startService({ dataDir: dir, port: 0, rateLimit: 0 });
      try {
        const account = await fetch(`${service.url}/api/account`, { headers: { Authorization: `Bearer ${key}` } });
        const { data } = (await account.json()) as { data: { avatar: string } };
        expect(data.avatar).toMatch(AVATAR);
        const svg = await fetch(data.avatar);
        expect(svg.status).toBe(200);
        expect(await svg.text()).toContain('>O</text>');
      } finally {
        await service.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
