import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;
const ANSWER_KEYS = ['domain', 'error', 'id', 'list', 'public', 'rotator'];

describe('local service: campaigns', () => {
  let s: TestService;
  let f: ServiceFixtures;
  let other: { id: number; key: string };

  beforeAll(async () => {
    s = await startTestService();
    f = await openFixtures(s);
    other = await f.addUser('other@example.com');
  });
  afterAll(async () => {
    f.close();
    await s.close();
  });

  const listCampaigns = async (key?: string) =>
    (
      await s.api<{ data: Json & { campaigns: Json[] } }>(
        'GET',
        '/api/campaigns?limit=100',
        undefined,
        key ? { key } : {},
      )
    ).json.data;

  describe('POST /api/campaign/add', () => {
    it('creates a campaign with a rotator and answers the name under "domain"', async () => {
      const r = await s.api('POST', '/api/campaign/add', {
        name: 'Summer',
        slug: 'summer-sale_1',
        public: true,
      });
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(ANSWER_KEYS);
      const id = r.json['id'] as number;
      expect(r.json).toEqual({
        error: 0,
        id,
        domain: 'Summer',
        public: true,
        rotator: `${s.url}/r/summer-sale_1`,
        list: `${s.url}/c/${id}`,
      });
    });

    it('creates a campaign from an empty body: no name, private, no rotator', async () => {
      const r = await s.api('POST', '/api/campaign/add');
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        error: 0,
        id: expect.any(Number),
        domain: '',
        public: false,
        rotator: false,
        list: `${s.url}/c/${r.json['id']}`,
      });
    });

    it('refuses a slug that is taken, by anyone and in any letter case, with 409', async () => {
      expect((await s.api('POST', '/api/campaign/add', { name: 'a', slug: 'taken' })).status).toBe(
        200,
      );
      const same = await s.api('POST', '/api/campaign/add', { name: 'b', slug: 'taken' });
      expect(same.status).toBe(409);
      expect(same.json).toEqual({
        error: 1,
        message: 'The rotator slug "taken" is already taken. Choose another one.',
      });
      expect((await s.api('POST', '/api/campaign/add', { name: 'c', slug: 'TAKEN' })).status).toBe(
        409,
      );
      expect(
        (await s.api('POST', '/api/campaign/add', { name: 'd', slug: 'taken' }, { key: other.key }))
          .status,
      ).toBe(409);
    });

    it.each([
      ['a slug with a space', { slug: 'two words' }, /"slug" may hold only letters, digits/],
      ['a slug with a slash', { slug: 'a/b' }, /"slug" may hold only/],
      ['a slug of 65 characters', { slug: 's'.repeat(65) }, /at most 64 characters/],
      ['a number as slug', { slug: 12 }, /"slug" must be a string/],
      ['a number as name', { name: 12 }, /"name" must be a string/],
      ['a name of 256 characters', { name: 'n'.repeat(256) }, /at most 255 characters/],
      ['a string as public', { public: 'true' }, /"public" must be true or false/],
    ])('refuses %s with a 400', async (_label, body, message) => {
      const r = await s.api('POST', '/api/campaign/add', body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    });
  });

  describe('GET /api/campaigns', () => {
    it('lists the newest first with the spec fields plus the number of links', async () => {
      const s2 = await startTestService();
      const f2 = await openFixtures(s2);
      try {
        const first = (await s2.api('POST', '/api/campaign/add', { name: 'First', slug: 'first' }))
          .json['id'] as number;
        const second = (await s2.api('POST', '/api/campaign/add', { name: 'Second', public: true }))
          .json['id'] as number;
        const link = await f2.insertLink('camp-l', 'https://example.com/l');
        await s2.api('POST', `/api/campaign/${first}/assign/${link}`);
        const r = await s2.api<{ error: number; data: Json & { campaigns: Json[] } }>(
          'GET',
          '/api/campaigns',
        );
        expect(r.status).toBe(200);
        expect(r.json.data).toMatchObject({
          result: 2,
          perpage: 15,
          currentpage: 1,
          nextpage: 0,
          maxpage: 1,
        });
        expect(r.json.data.campaigns).toEqual([
          {
            id: second,
            name: 'Second',
            public: true,
            rotator: false,
            list: `${s2.url}/c/${second}`,
            links: 0,
          },
          {
            id: first,
            name: 'First',
            public: false,
            rotator: `${s2.url}/r/first`,
            list: `${s2.url}/c/${first}`,
            links: 1,
          },
        ]);
      } finally {
        f2.close();
        await s2.close();
      }
    });

    it("does not show another user's campaigns", async () => {
      await s.api('POST', '/api/campaign/add', { name: 'Hidden' }, { key: other.key });
      expect((await listCampaigns()).campaigns.map((c) => c['name'])).not.toContain('Hidden');
    });
  });

  describe('POST /api/campaign/:campaignid/assign/:linkid', () => {
    it('adds a link to the campaign', async () => {
      const id = (await s.api('POST', '/api/campaign/add', { name: 'Assign' })).json[
        'id'
      ] as number;
      const link = await f.insertLink('camp-assign', 'https://example.com/assign');
      const r = await s.api('POST', `/api/campaign/${id}/assign/${link}`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: 'Link has been added to the campaign.' });
      expect(
        ((await f.one('SELECT campaign_id FROM links WHERE id = ?', link)) as Json)[
          'campaign_id'
        ],
      ).toBe(id);
      expect((await listCampaigns()).campaigns.find((c) => c['id'] === id)?.['links']).toBe(1);
    });

    it('refuses malformed, unknown and foreign ids', async () => {
      const id = (await s.api('POST', '/api/campaign/add', { name: 'Errors' })).json[
        'id'
      ] as number;
      const link = await f.insertLink('camp-err', 'https://example.com/err');
      const theirCampaign = (
        await s.api('POST', '/api/campaign/add', { name: 'x' }, { key: other.key })
      ).json['id'] as number;
      const theirLink = await f.insertLink('camp-theirs', 'https://example.com/t', { userId: other.id });
      const cases: [string, number, RegExp][] = [
        [
          `/api/campaign/x/assign/${link}`,
          400,
          /campaign id in the address must be a whole number/,
        ],
        [`/api/campaign/${id}/assign/0`, 400, /link id in the address must be a whole number/],
        [`/api/campaign/888888/assign/${link}`, 404, /^Campaign was not found\.$/],
        [`/api/campaign/${id}/assign/888888`, 404, /^Link was not found\.$/],
        [`/api/campaign/${theirCampaign}/assign/${link}`, 404, /^Campaign was not found\.$/],
        [`/api/campaign/${id}/assign/${theirLink}`, 404, /^Link was not found\.$/],
      ];
      for (const [path, status, message] of cases) {
        const r = await s.api('POST', path);
        expect({ path, status: r.status }).toEqual({ path, status });
        expect(r.json['message']).toMatch(message);
      }
      expect(
        ((await f.one('SELECT campaign_id FROM links WHERE id = ?', theirLink)) as Json)[
          'campaign_id'
        ],
      ).toBeNull();
    });
  });

  describe('PUT /api/campaign/:id/update', () => {
    it('requires a name and answers the add fields with the name under "domain"', async () => {
      const id = (await s.api('POST', '/api/campaign/add', { name: 'Old', slug: 'upd-old' })).json[
        'id'
      ] as number;
      const missing = await s.api('PUT', `/api/campaign/${id}/update`, { public: true });
      expect(missing.status).toBe(400);
      expect(missing.json['message']).toMatch(/"name" is required/);

      const r = await s.api('PUT', `/api/campaign/${id}/update`, { name: 'New', public: true });
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(ANSWER_KEYS);
      expect(r.json).toEqual({
        error: 0,
        id,
        domain: 'New',
        public: true,
        rotator: `${s.url}/r/upd-old`,
        list: `${s.url}/c/${id}`,
      });

      const renamed = await s.api('PUT', `/api/campaign/${id}/update`, {
        name: 'New',
        slug: 'upd-new',
      });
      expect(renamed.json['rotator']).toBe(`${s.url}/r/upd-new`);
      expect(renamed.json['public']).toBe(true);
      // The old slug is free again.
      expect((await s.api('POST', '/api/campaign/add', { slug: 'upd-old' })).status).toBe(200);

      const keepOwn = await s.api('PUT', `/api/campaign/${id}/update`, {
        name: 'New',
        slug: 'UPD-NEW',
      });
      expect(keepOwn.status).toBe(200);
      expect(keepOwn.json['rotator']).toBe(`${s.url}/r/UPD-NEW`);

      const cleared = await s.api('PUT', `/api/campaign/${id}/update`, { name: 'New', slug: '' });
      expect(cleared.json['rotator']).toBe(false);
      expect((await listCampaigns()).campaigns.find((c) => c['id'] === id)).toMatchObject({
        name: 'New',
        public: true,
        rotator: false,
      });
    });

    it("refuses a taken slug, bad values, and unknown or another user's campaigns", async () => {
      await s.api('POST', '/api/campaign/add', { slug: 'occupied' });
      const id = (await s.api('POST', '/api/campaign/add', { name: 'Mine' })).json['id'] as number;
      expect(
        (await s.api('PUT', `/api/campaign/${id}/update`, { name: 'Mine', slug: 'occupied' }))
          .status,
      ).toBe(409);
      expect(
        (await s.api('PUT', `/api/campaign/${id}/update`, { name: 'Mine', slug: 'bad slug' }))
          .status,
      ).toBe(400);
      expect(
        (await s.api('PUT', `/api/campaign/${id}/update`, { name: 'Mine', public: 0 })).status,
      ).toBe(400);
      const theirs = (
        await s.api('POST', '/api/campaign/add', { name: 'Theirs' }, { key: other.key })
      ).json['id'] as number;
      expect(
        (await s.api('PUT', `/api/campaign/${theirs}/update`, { name: 'Hijack' })).json,
      ).toEqual({ error: 1, message: 'Campaign was not found.' });
      expect((await s.api('PUT', '/api/campaign/999999/update', { name: 'x' })).status).toBe(404);
      expect(
        (await listCampaigns(other.key)).campaigns.find((c) => c['id'] === theirs)?.['name'],
      ).toBe('Theirs');
    });
  });

  describe('DELETE /api/campaign/:id/delete', () => {
    it('unassigns its links, then deletes it', async () => {
      const id = (await s.api('POST', '/api/campaign/add', { name: 'Doomed', slug: 'doomed' }))
        .json['id'] as number;
      const l1 = await f.insertLink('camp-del-1', 'https://example.com/1');
      const l2 = await f.insertLink('camp-del-2', 'https://example.com/2');
      for (const l of [l1, l2]) await s.api('POST', `/api/campaign/${id}/assign/${l}`);
      const r = await s.api('DELETE', `/api/campaign/${id}/delete`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: expect.stringMatching(/deleted/) });
      const rows = (await f.all('SELECT campaign_id FROM links WHERE id IN (?, ?)', l1, l2)) as Json[];
      expect(rows.map((row) => row['campaign_id'])).toEqual([null, null]);
      expect((await listCampaigns()).campaigns.map((c) => c['id'])).not.toContain(id);
      // The slug is free again, and the new campaign does not inherit the deleted one's id.
      const next = await s.api('POST', '/api/campaign/add', { slug: 'doomed' });
      expect(next.status).toBe(200);
      expect(next.json['id']).toBeGreaterThan(id);
      expect((await s.api('DELETE', `/api/campaign/${id}/delete`)).status).toBe(404);
    });

    it("refuses another user's campaign", async () => {
      const theirs = (
        await s.api('POST', '/api/campaign/add', { name: 'Keep' }, { key: other.key })
      ).json['id'] as number;
      expect((await s.api('DELETE', `/api/campaign/${theirs}/delete`)).json).toEqual({
        error: 1,
        message: 'Campaign was not found.',
      });
      expect((await listCampaigns(other.key)).campaigns.map((c) => c['id'])).toContain(theirs);
    });
  });
});
