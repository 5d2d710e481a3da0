import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../electron/service/format.js';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;
const HOSTILE = `<script>alert("x")</script> ' " \\ / 😀 \u202e ${'\u0007'} DROP TABLE channels;--`;

describe('local service: channels', () => {
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

  const addChannel = async (body: Json, key?: string) => {
    const r = await s.api('POST', '/api/channel/add', body, key ? { key } : {});
    expect(r.status).toBe(200);
    return r.json['id'] as number;
  };

  describe('POST /api/channel/add', () => {
    it('creates a channel and answers exactly the spec fields', async () => {
      const r = await s.api('POST', '/api/channel/add', {
        name: 'Launch',
        description: 'Spring launch',
        color: '#1A73E8',
        starred: true,
        extra: 'ignored',
      });
      expect(r.status).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual([
        'color',
        'description',
        'error',
        'id',
        'name',
        'starred',
      ]);
      expect(r.json).toEqual({
        error: 0,
        id: expect.any(Number),
        name: 'Launch',
        description: 'Spring launch',
        color: '#1a73e8',
        starred: true,
      });
    });

    it('defaults description, colour and starred', async () => {
      const r = await s.api('POST', '/api/channel/add', { name: 'Plain' });
      expect(r.json).toMatchObject({
        error: 0,
        name: 'Plain',
        description: '',
        color: '',
        starred: false,
      });
    });

    it('accepts short and #-less HEX colours and stores the long lower-case form', async () => {
      expect(
        (await s.api('POST', '/api/channel/add', { name: 'a', color: '#F0c' })).json['color'],
      ).toBe('#ff00cc');
      expect(
        (await s.api('POST', '/api/channel/add', { name: 'b', color: 'ABCDEF' })).json['color'],
      ).toBe('#abcdef');
    });

    it('stores hostile text verbatim and returns it JSON-escaped', async () => {
      const r = await s.api('POST', '/api/channel/add', { name: HOSTILE, description: HOSTILE });
      expect(r.status).toBe(200);
      expect(r.text).not.toContain('<script>alert("x")');
      const list = await s.api<{ data: { channels: Json[] } }>('GET', '/api/channels?limit=100');
      const found = list.json.data.channels.find((c) => c['id'] === r.json['id']);
      expect(found).toMatchObject({ name: HOSTILE, description: HOSTILE });
    });

    it.each([
      ['no body', undefined, /"name" is required/],
      ['an empty object', {}, /"name" is required/],
      ['a blank name', { name: '   ' }, /"name" is required/],
      ['a number as name', { name: 5 }, /"name" must be a string/],
      [
        'a name of 256 characters',
        { name: 'n'.repeat(256) },
        /"name" can be at most 255 characters/,
      ],
      ['a number as description', { name: 'x', description: 1 }, /"description" must be a string/],
      ['a colour word', { name: 'x', color: 'red' }, /"color" must be a HEX colour/],
      ['a five-digit colour', { name: 'x', color: '#12345' }, /"color" must be a HEX colour/],
      ['a string as starred', { name: 'x', starred: 'yes' }, /"starred" must be true or false/],
      ['an array body', [{ name: 'x' }], /must be a JSON object/],
      ['a NUL in the name', { name: 'a\u0000b' }, /cannot be stored/],
    ])('refuses %s with a 400 naming the problem', async (_label, body, message) => {
      const r = await s.api('POST', '/api/channel/add', body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    });
  });

  describe('GET /api/channels', () => {
    it('lists starred channels first, then the newest, each with exactly the spec fields', async () => {
      const s2 = await startTestService();
      try {
        const ids: number[] = [];
        for (const [name, starred] of [
          ['old', false],
          ['starred-old', true],
          ['new', false],
          ['starred-new', true],
        ] as const) {
          ids.push(
            (await s2.api('POST', '/api/channel/add', { name, starred })).json['id'] as number,
          );
        }
        const r = await s2.api<{ error: number; data: Json & { channels: Json[] } }>(
          'GET',
          '/api/channels',
        );
        expect(r.status).toBe(200);
        expect(r.json.error).toBe(0);
        expect(r.json.data.channels.map((c) => c['name'])).toEqual([
          'starred-new',
          'starred-old',
          'new',
          'old',
        ]);
        for (const c of r.json.data.channels)
          expect(Object.keys(c).sort()).toEqual(['color', 'description', 'id', 'name', 'starred']);
        expect(r.json.data).toMatchObject({
          result: 4,
          perpage: 15,
          currentpage: 1,
          nextpage: 0,
          maxpage: 1,
        });
      } finally {
        await s2.close();
      }
    });

    it('pages: 16 channels make two pages of 15 and 1', async () => {
      const s2 = await startTestService();
      try {
        for (let i = 1; i <= 16; i++) await s2.api('POST', '/api/channel/add', { name: `c${i}` });
        const p1 = await s2.api<{ data: Json & { channels: Json[] } }>('GET', '/api/channels');
        expect(p1.json.data).toMatchObject({
          result: 16,
          perpage: 15,
          currentpage: 1,
          nextpage: 2,
          maxpage: 2,
        });
        expect(p1.json.data.channels).toHaveLength(15);
        expect(p1.json.data.channels[0]?.['name']).toBe('c16');
        const p2 = await s2.api<{ data: Json & { channels: Json[] } }>(
          'GET',
          '/api/channels?page=2',
        );
        expect(p2.json.data).toMatchObject({ result: 16, currentpage: 2, nextpage: 0, maxpage: 2 });
        expect(p2.json.data.channels.map((c) => c['name'])).toEqual(['c1']);
        const small = await s2.api<{ data: Json & { channels: Json[] } }>(
          'GET',
          '/api/channels?limit=5&page=4',
        );
        expect(small.json.data).toMatchObject({
          perpage: 5,
          currentpage: 4,
          nextpage: 0,
          maxpage: 4,
        });
        expect(small.json.data.channels).toHaveLength(1);
        expect((await s2.api('GET', '/api/channels?limit=abc')).status).toBe(400);
      } finally {
        await s2.close();
      }
    });

    it("never shows another user's channels", async () => {
      await addChannel({ name: 'theirs' }, other.key);
      const mine = await s.api<{ data: { channels: Json[] } }>('GET', '/api/channels?limit=100');
      expect(mine.json.data.channels.map((c) => c['name'])).not.toContain('theirs');
      const theirs = await s.api<{ data: { channels: Json[]; result: number } }>(
        'GET',
        '/api/channels',
        undefined,
        { key: other.key },
      );
      expect(theirs.json.data.channels.map((c) => c['name'])).toEqual(['theirs']);
    });
  });

  describe('assigning links and listing items', () => {
    it('adds a link to a channel and lists it as an item with exactly the spec fields', async () => {
      const channel = await addChannel({ name: 'Items' });
      const linkId = await f.insertLink('chan-a', 'https://example.com/a?x=1', { title: 'Page A' });
      const r = await s.api('POST', `/api/channel/${channel}/assign/links/${linkId}`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: 'Item has been added to the channel.' });

      const row = (await f.one('SELECT channel_id, channel_added_at FROM links WHERE id = ?', linkId)) as { channel_id: number; channel_added_at: number };
      expect(row.channel_id).toBe(channel);

      const items = await s.api<{ error: number; data: Json & { items: Json[] } }>(
        'GET',
        `/api/channel/${channel}`,
      );
      expect(items.status).toBe(200);
      expect(items.json.data).toMatchObject({
        result: 1,
        perpage: 15,
        currentpage: 1,
        nextpage: 0,
        maxpage: 1,
      });
      expect(items.json.data.items).toEqual([
        {
          type: 'links',
          id: linkId,
          title: 'Page A',
          preview: 'https://example.com/a?x=1',
          link: `${s.url}/chan-a`,
          date: formatDate(row.channel_added_at),
        },
      ]);
      expect(items.json.data.items[0]?.['date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('gives a link on a branded domain its short URL on that domain', async () => {
      const channel = await addChannel({ name: 'Branded' });
      const domainId = (
        await s.api('POST', '/api/domain/add', { domain: 'https://go.channels.test' })
      ).json['id'] as number;
      expect(domainId).toEqual(expect.any(Number));
      const linkId = await f.insertLink('promo', 'https://example.com/promo', { domainId });
      await s.api('POST', `/api/channel/${channel}/assign/links/${linkId}`);
      const items = await s.api<{ data: { items: Json[] } }>('GET', `/api/channel/${channel}`);
      expect(items.json.data.items[0]?.['link']).toBe('https://go.channels.test/promo');
    });

    it('moves a link from one channel to another', async () => {
      const a = await addChannel({ name: 'A' });
      const b = await addChannel({ name: 'B' });
      const linkId = await f.insertLink('chan-move', 'https://example.com/move');
      await s.api('POST', `/api/channel/${a}/assign/links/${linkId}`);
      await s.api('POST', `/api/channel/${b}/assign/links/${linkId}`);
      expect(
        (await s.api<{ data: { result: number } }>('GET', `/api/channel/${a}`)).json.data.result,
      ).toBe(0);
      expect(
        (await s.api<{ data: { items: Json[] } }>('GET', `/api/channel/${b}`)).json.data.items.map(
          (i) => i['id'],
        ),
      ).toEqual([linkId]);
    });

    it('answers that bio pages are not supported (QR codes are: see service-qr-codes.test.ts)', async () => {
      const channel = await addChannel({ name: 'Bio' });
      const r = await s.api('POST', `/api/channel/${channel}/assign/bio/1`);
      expect(r.status).toBe(422);
      expect(r.json).toEqual({
        error: 1,
        message: expect.stringContaining('not supported by this service'),
      });
    });

    it('refuses an unknown item type, malformed ids and unknown or foreign ids', async () => {
      const channel = await addChannel({ name: 'Errors' });
      const linkId = await f.insertLink('chan-err', 'https://example.com/err');
      const theirChannel = await addChannel({ name: 'foreign' }, other.key);
      const theirLink = await f.insertLink('chan-theirs', 'https://example.com/t', { userId: other.id });
      const cases: [string, number, RegExp][] = [
        [`/api/channel/${channel}/assign/pages/${linkId}`, 400, /must be "links", "bio" or "qr"/],
        [
          `/api/channel/abc/assign/links/${linkId}`,
          400,
          /channel id in the address must be a whole number/,
        ],
        [
          `/api/channel/0/assign/links/${linkId}`,
          400,
          /channel id in the address must be a whole number/,
        ],
        [
          `/api/channel/${channel}/assign/links/-3`,
          400,
          /link id in the address must be a whole number/,
        ],
        [`/api/channel/999999/assign/links/${linkId}`, 404, /^Channel was not found\.$/],
        [`/api/channel/${channel}/assign/links/999999`, 404, /^Link was not found\.$/],
        [`/api/channel/${theirChannel}/assign/links/${linkId}`, 404, /^Channel was not found\.$/],
        [`/api/channel/${channel}/assign/links/${theirLink}`, 404, /^Link was not found\.$/],
        [
          `/api/channel/99999999999999999999/assign/links/${linkId}`,
          404,
          /^Channel was not found\.$/,
        ],
      ];
      for (const [path, status, message] of cases) {
        const r = await s.api('POST', path);
        expect({ path, status: r.status }).toEqual({ path, status });
        expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
      }
      const row = (await f.one('SELECT channel_id FROM links WHERE id = ?', theirLink)) as {
        channel_id: number | null;
      };
      expect(row.channel_id).toBeNull();
    });

    it("answers 404 for the items of an unknown or another user's channel, and 400 for a malformed id", async () => {
      const theirs = await addChannel({ name: 'private' }, other.key);
      expect((await s.api('GET', `/api/channel/${theirs}`)).json).toEqual({
        error: 1,
        message: 'Channel was not found.',
      });
      expect((await s.api('GET', '/api/channel/424242')).status).toBe(404);
      expect((await s.api('GET', '/api/channel/1.5')).status).toBe(400);
    });
  });

  describe('PUT /api/channel/:id/update', () => {
    it('changes only the fields sent', async () => {
      const id = await addChannel({ name: 'Before', description: 'keep me', color: '#000000' });
      const r = await s.api('PUT', `/api/channel/${id}/update`, { name: 'After', starred: true });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: expect.stringMatching(/updated/) });
      expect(Object.keys(r.json).sort()).toEqual(['error', 'message']);
      const list = await s.api<{ data: { channels: Json[] } }>('GET', '/api/channels?limit=100');
      expect(list.json.data.channels.find((c) => c['id'] === id)).toEqual({
        id,
        name: 'After',
        description: 'keep me',
        color: '#000000',
        starred: true,
      });

      await s.api('PUT', `/api/channel/${id}/update`, {
        color: '',
        description: '',
        starred: false,
      });
      const again = await s.api<{ data: { channels: Json[] } }>('GET', '/api/channels?limit=100');
      expect(again.json.data.channels.find((c) => c['id'] === id)).toEqual({
        id,
        name: 'After',
        description: '',
        color: '',
        starred: false,
      });
    });

    it('validates what is sent and refuses unknown or foreign channels', async () => {
      const id = await addChannel({ name: 'Valid' });
      const theirs = await addChannel({ name: 'foreign-upd' }, other.key);
      const bad: [Json, RegExp][] = [
        [{ name: '' }, /"name" cannot be empty/],
        [{ color: 'blue' }, /"color" must be a HEX colour/],
        [{ starred: 1 }, /"starred" must be true or false/],
        [{ description: ['x'] }, /"description" must be a string/],
      ];
      for (const [body, message] of bad) {
        const r = await s.api('PUT', `/api/channel/${id}/update`, body);
        expect(r.status).toBe(400);
        expect(r.json['message']).toMatch(message);
      }
      expect(
        (await s.api('PUT', `/api/channel/${theirs}/update`, { name: 'hijack' })).json,
      ).toEqual({ error: 1, message: 'Channel was not found.' });
      expect((await s.api('PUT', '/api/channel/777777/update', { name: 'x' })).status).toBe(404);
      const theirList = await s.api<{ data: { channels: Json[] } }>(
        'GET',
        '/api/channels?limit=100',
        undefined,
        { key: other.key },
      );
      expect(theirList.json.data.channels.map((c) => c['name'])).not.toContain('hijack');
    });
  });

  describe('DELETE /api/channel/:id/delete', () => {
    it('unassigns every item, then deletes the channel', async () => {
      const id = await addChannel({ name: 'Doomed' });
      const keep = await addChannel({ name: 'Kept' });
      const l1 = await f.insertLink('del-1', 'https://example.com/1');
      const l2 = await f.insertLink('del-2', 'https://example.com/2');
      const l3 = await f.insertLink('del-3', 'https://example.com/3');
      for (const l of [l1, l2]) await s.api('POST', `/api/channel/${id}/assign/links/${l}`);
      await s.api('POST', `/api/channel/${keep}/assign/links/${l3}`);

      const r = await s.api('DELETE', `/api/channel/${id}/delete`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: expect.stringMatching(/deleted/) });

      const rows = (await f.all('SELECT id, channel_id, channel_added_at FROM links WHERE id IN (?, ?, ?) ORDER BY id', l1, l2, l3)) as Json[];
      expect(
        rows.map((row) => [row['id'], row['channel_id'], row['channel_added_at'] === null]),
      ).toEqual([
        [l1, null, true],
        [l2, null, true],
        [l3, keep, false],
      ]);
      expect((await s.api('GET', `/api/channel/${id}`)).status).toBe(404);
      expect((await s.api('DELETE', `/api/channel/${id}/delete`)).json).toEqual({
        error: 1,
        message: 'Channel was not found.',
      });
    });

    it("refuses to delete another user's channel", async () => {
      const theirs = await addChannel({ name: 'not-yours' }, other.key);
      expect((await s.api('DELETE', `/api/channel/${theirs}/delete`)).status).toBe(404);
      expect(
        (await s.api('GET', `/api/channel/${theirs}`, undefined, { key: other.key })).status,
      ).toBe(200);
    });
  });
});
