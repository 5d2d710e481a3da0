import Fastify from 'fastify';
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../electron/service/context.js';
import { formatDateTime } from '../../electron/service/format.js';
import { registerAvatarRoute } from '../../electron/service/routes/account.js';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;

describe('local service: account', () => {
  let s: TestService;
  let f: ServiceFixtures;
  let other: { id: number; key: string };

  beforeAll(async () => {
    s = await startTestService({ firstUserEmail: 'ada@example.com' });
    f = await openFixtures(s);
    other = await f.addUser('grace@example.com');
  });
  afterAll(async () => {
    f.close();
    await s.close();
  });

  const account = async (key?: string) =>
    (await s.api<{ data: Json }>('GET', '/api/account', undefined, key ? { key } : {})).json.data;
  const avatarToken = async (id: number) =>
    ((await f.one('SELECT avatar_token FROM users WHERE id = ?', id)) as { avatar_token: string }).avatar_token;
  const userRow = async (id: number) => {
    const row = (await f.one('SELECT email, password_hash, created_at FROM users WHERE id = ?', id)) as { email: string; password_hash: string | null; created_at: number };
    return { email: row.email, password_hash: row.password_hash, created_at: row.created_at };
  };

  describe('GET /api/account', () => {
    it('answers exactly the spec fields of the caller', async () => {
      const r = await s.api<{ error: number; data: Json }>('GET', '/api/account');
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(['data', 'error']);
      expect(Object.keys(r.json.data).sort()).toEqual([
        'avatar',
        'email',
        'expires',
        'id',
        'registered',
        'status',
        'username',
      ]);
      expect(r.json).toEqual({
        error: 0,
        data: {
          id: f.firstUserId,
          email: 'ada@example.com',
          username: 'ada',
          avatar: `${s.url}/avatar/${(await avatarToken(f.firstUserId))}.svg`,
          status: 'pro',
          expires: '9999-12-31 23:59:59',
          registered: formatDateTime((await userRow(f.firstUserId)).created_at),
        },
      });
      expect((await account(other.key))['email']).toBe('grace@example.com');
    });

    it('shows a set expiry as a datetime', async () => {
      (await f.all('UPDATE users SET expires_at = ? WHERE id = ?', Date.UTC(2031, 0, 2, 3, 4, 5), other.id));
      expect((await account(other.key))['expires']).toBe('2031-01-02 03:04:05');
    });
  });

  describe('PUT /api/account/update', () => {
    it('requires an email, a password or both', async () => {
      for (const body of [undefined, {}, { email: null, password: null }, { username: 'x' }]) {
        const r = await s.api('PUT', '/api/account/update', body);
        expect(r.status).toBe(400);
        expect(r.json).toEqual({
          error: 1,
          message: 'Send "email", "password" or both to update the account.',
        });
      }
    });

    it('changes the email', async () => {
      const r = await s.api('PUT', '/api/account/update', { email: 'ada.lovelace@example.com' });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: 'Account has been successfully updated.' });
      expect(await account()).toMatchObject({ email: 'ada.lovelace@example.com', username: 'ada' });
      // Changing only the letter case of one's own address is not a clash.
      expect(
        (await s.api('PUT', '/api/account/update', { email: 'Ada.Lovelace@example.com' })).status,
      ).toBe(200);
      expect((await account())['email']).toBe('Ada.Lovelace@example.com');
    });

    it('sets the password as a salted scrypt hash, never in clear', async () => {
      const password = 'correct horse battery staple';
      const r = await s.api('PUT', '/api/account/update', { password });
      expect(r.json).toEqual({ error: 0, message: 'Account has been successfully updated.' });
      const stored = (await userRow(f.firstUserId)).password_hash as string;
      const m = /^scrypt\$([0-9a-f]{32})\$([0-9a-f]{64})$/.exec(stored);
      expect(m).not.toBeNull();
      expect(scryptSync(password, Buffer.from(m?.[1] as string, 'hex'), 32).toString('hex')).toBe(
        m?.[2],
      );
      await s.api('PUT', '/api/account/update', { password });
      expect((await userRow(f.firstUserId)).password_hash).not.toBe(stored);
    });

    it('changes both at once', async () => {
      const r = await s.api(
        'PUT',
        '/api/account/update',
        { email: 'both@example.com', password: 'another password' },
        { key: other.key },
      );
      expect(r.status).toBe(200);
      expect((await userRow(other.id)).email).toBe('both@example.com');
      expect((await userRow(other.id)).password_hash).toMatch(/^scrypt\$/);
    });

    it.each([
      ['an email without @', { email: 'not-an-email' }, 400, /"email" must be an email address/],
      [
        'an email without a dot in its domain',
        { email: 'a@localhost' },
        400,
        /"email" must be an email address/,
      ],
      [
        'an email with a space',
        { email: 'a b@example.com' },
        400,
        /"email" must be an email address/,
      ],
      ['an empty email', { email: '' }, 400, /"email" must be an email address/],
      [
        'an email of 255 characters',
        { email: `${'a'.repeat(243)}@example.com` },
        400,
        /at most 254 characters/,
      ],
      ['a number as email', { email: 5 }, 400, /"email" must be a string/],
      [
        'a short password',
        { password: 'seven77' },
        400,
        /"password" must be at least 8 characters/,
      ],
      ['a number as password', { password: 12345678 }, 400, /"password" must be a string/],
      ['an array body', ['x'], 400, /must be a JSON object/],
    ])('refuses %s', async (_label, body, status, message) => {
      const before = (await userRow(f.firstUserId));
      const r = await s.api('PUT', '/api/account/update', body);
      expect(r.status).toBe(status);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
      expect((await userRow(f.firstUserId))).toEqual(before);
    });

    it("refuses another account's email, in any letter case, with 409, and changes nothing", async () => {
      const theirs = (await userRow(other.id)).email;
      const before = (await userRow(f.firstUserId));
      const r = await s.api('PUT', '/api/account/update', {
        email: theirs.toUpperCase(),
        password: 'long enough now',
      });
      expect(r.status).toBe(409);
      expect(r.json['message']).toMatch(/already used by another account/);
      expect((await userRow(f.firstUserId))).toEqual(before);
    });
  });
});

describe('local service: avatar route', () => {
  let s: TestService;
  let f: ServiceFixtures;
  const app = Fastify();
  const tokenOf = async (id: number) =>
    ((await f.one('SELECT avatar_token FROM users WHERE id = ?', id)) as { avatar_token: string }).avatar_token;

  beforeAll(async () => {
    s = await startTestService();
    f = await openFixtures(s);
    const ctx: ServiceContext = {
      store: s.store(),
      baseUrl: () => s.url,
      now: Date.now,
      countryHeader: 'cf-ipcountry',
      linkChanged: new Set(),
    };
    registerAvatarRoute(app, ctx);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    f.close();
    await s.close();
  });

  it('serves a generated SVG with the initial of the user name, as an inert image', async () => {
    const r = await app.inject({ method: 'GET', url: `/avatar/${(await tokenOf(f.firstUserId))}.svg` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(r.body).toMatch(/>Y<\/text>/);
  });

  it('escapes a hostile user name', async () => {
    const user = await f.addUser('mallory@example.com');
    (await f.all('UPDATE users SET username = ? WHERE id = ?', '<script>', user.id));
    const r = await app.inject({ method: 'GET', url: `/avatar/${(await tokenOf(user.id))}.svg` });
    expect(r.body).not.toContain('<script');
    expect(r.body).toContain('>&#60;</text>');
  });

  it('answers 404 for unknown tokens, user ids and other file names', async () => {
    for (const url of [
      '/avatar/99999.svg',
      `/avatar/${f.firstUserId}.svg`,
      `/avatar/${'0'.repeat(32)}.svg`,
      `/avatar/${(await tokenOf(f.firstUserId))}.png`,
      `/avatar/${(await tokenOf(f.firstUserId)).toUpperCase()}.svg`,
      '/avatar/abc.svg',
      `/avatar/${(await tokenOf(f.firstUserId))}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
