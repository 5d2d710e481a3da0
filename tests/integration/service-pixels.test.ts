import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL_TYPES, pixelTypeInfo } from '../../electron/shared/pixel-types.js';
import { openFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('local service: pixels', () => {
  let s: TestService;
  let otherKey: string;

  beforeAll(async () => {
    s = await startTestService();
    const f = await openFixtures(s);
    otherKey = (await f.addUser('other@example.com')).key;
    f.close();
  });
  afterAll(() => s.close());

  it('adds a pixel of each of the 13 types and answers it in the list shape plus error', async () => {
    for (const type of PIXEL_TYPES) {
      const { example } = pixelTypeInfo(type);
      const r = await s.api('POST', '/api/pixel/add', {
        type,
        name: `My ${type}`,
        tag: example,
        ignored: true,
      });
      expect({ type, status: r.status }).toEqual({ type, status: 200 });
      expect(Object.keys(r.json).sort()).toEqual(['date', 'error', 'id', 'name', 'tag', 'type']);
      expect(r.json).toEqual({
        error: 0,
        id: expect.any(Number),
        type,
        name: `My ${type}`,
        tag: example,
        date: expect.stringMatching(DATETIME),
      });
    }
  });

  it('stores the tag in its canonical form', async () => {
    const r = await s.api('POST', '/api/pixel/add', {
      type: 'gtmpixel',
      name: 'Site',
      tag: '  gtm-k9x2l7p ',
    });
    expect(r.json['tag']).toBe('GTM-K9X2L7P');
    const ads = await s.api('POST', '/api/pixel/add', {
      type: 'adwordspixel',
      name: 'Ads',
      tag: '123456789/AbC',
    });
    expect(ads.json['tag']).toBe('AW-123456789/AbC');
  });

  it('lists the newest first, with exactly the spec fields, paged, and only the caller’s', async () => {
    const s2 = await startTestService();
    try {
      const ids: number[] = [];
      for (let i = 1; i <= 17; i++) {
        ids.push(
          (await s2.api('POST', '/api/pixel/add', { type: 'bing', name: `p${i}`, tag: `1234${i}` }))
            .json['id'] as number,
        );
      }
      const p1 = await s2.api<{ error: number; data: Json & { pixels: Json[] } }>(
        'GET',
        '/api/pixels',
      );
      expect(p1.status).toBe(200);
      expect(p1.json.data).toMatchObject({
        result: 17,
        perpage: 15,
        currentpage: 1,
        nextpage: 2,
        maxpage: 2,
      });
      expect(p1.json.data.pixels[0]).toEqual({
        id: ids[16],
        type: 'bing',
        name: 'p17',
        tag: '123417',
        date: expect.stringMatching(DATETIME),
      });
      for (const p of p1.json.data.pixels)
        expect(Object.keys(p).sort()).toEqual(['date', 'id', 'name', 'tag', 'type']);
      const p2 = await s2.api<{ data: Json & { pixels: Json[] } }>('GET', '/api/pixels?page=2');
      expect(p2.json.data.pixels.map((p) => p['name'])).toEqual(['p2', 'p1']);
      expect(p2.json.data['nextpage']).toBe(0);
    } finally {
      await s2.close();
    }
    const theirs = await s.api<{ data: { pixels: Json[]; result: number } }>(
      'GET',
      '/api/pixels',
      undefined,
      { key: otherKey },
    );
    expect(theirs.json.data).toMatchObject({ result: 0, pixels: [] });
  });

  it('keeps a hostile name verbatim', async () => {
    const name = `</script><img src=x onerror=alert(1)> "quoted" \\ 🙂`;
    const r = await s.api('POST', '/api/pixel/add', {
      type: 'fbpixel',
      name,
      tag: '123456789012345',
    });
    expect(r.json['name']).toBe(name);
    const list = await s.api<{ data: { pixels: Json[] } }>('GET', '/api/pixels?limit=100');
    expect(list.json.data.pixels.find((p) => p['id'] === r.json['id'])?.['name']).toBe(name);
  });

  it.each([
    ['no body', undefined, /"type" is required/],
    [
      'an unknown type',
      { type: 'myspace', name: 'x', tag: '1' },
      /"type" must be one of gtmpixel, gapixel, .*tiktok\./,
    ],
    ['a number as type', { type: 7, name: 'x', tag: '1' }, /"type" must be a string/],
    ['no name', { type: 'bing', tag: '12345678' }, /"name" is required/],
    [
      'a name of 256 characters',
      { type: 'bing', name: 'n'.repeat(256), tag: '12345678' },
      /at most 255 characters/,
    ],
    ['no tag', { type: 'bing', name: 'x' }, /"tag" is required/],
    ['a number as tag', { type: 'bing', name: 'x', tag: 12345678 }, /"tag" must be a string/],
    [
      'a GA id as Tag Manager tag',
      { type: 'gtmpixel', name: 'x', tag: 'G-ABC123DEF4' },
      /"tag" is not valid\. That is not a valid Google Tag Manager container ID\. The container ID, such as GTM-ABC1234/,
    ],
    [
      'a short Facebook id',
      { type: 'fbpixel', name: 'x', tag: '12345' },
      /Facebook \(Meta\) pixel ID/,
    ],
    [
      'a Snapchat id that is no UUID',
      { type: 'snapchat', name: 'x', tag: 'not-a-uuid' },
      /Snapchat pixel ID/,
    ],
  ])('refuses %s with a 400 naming the field', async (_label, body, message) => {
    const r = await s.api('POST', '/api/pixel/add', body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
  });

  /** A new pixel of the first user (or of the user of `key`); answers its id. */
  const addPixel = async (
    body: Json = { type: 'gtmpixel', name: 'Site', tag: 'GTM-ABC1234' },
    key?: string,
  ) => {
    const r = await s.api('POST', '/api/pixel/add', body, key ? { key } : {});
    expect(r.status, r.text).toBe(200);
    return r.json['id'] as number;
  };
  const listed = async (id: number) =>
    (
      await s.api<{ data: { pixels: Json[] } }>('GET', '/api/pixels?limit=100')
    ).json.data.pixels.find((p) => p['id'] === id);

  describe('PUT /api/pixel/:id/update (6.2 and later; not in the spec)', () => {
    it('changes the name and the tag (stored in its canonical form) and answers them', async () => {
      const id = await addPixel();
      const r = await s.api('PUT', `/api/pixel/${id}/update`, {
        name: 'All pages',
        tag: ' gtm-xyz9876 ',
      });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        error: 0,
        message: 'Pixel has been updated successfully.',
        id,
        type: 'gtmpixel',
        name: 'All pages',
        tag: 'GTM-XYZ9876',
        date: expect.stringMatching(DATETIME),
      });
      expect(await listed(id)).toMatchObject({
        type: 'gtmpixel',
        name: 'All pages',
        tag: 'GTM-XYZ9876',
      });
    });

    it('needs only the tag: a name left out stays; the pixel’s own type may be repeated', async () => {
      const id = await addPixel({ type: 'bing', name: 'Search', tag: '1234567' });
      expect((await s.api('PUT', `/api/pixel/${id}/update`, { tag: '7654321' })).status).toBe(200);
      expect(await listed(id)).toMatchObject({ name: 'Search', tag: '7654321' });
      expect(
        (await s.api('PUT', `/api/pixel/${id}/update`, { type: 'bing', tag: '1111111' })).status,
      ).toBe(200);
      expect(await listed(id)).toMatchObject({ type: 'bing', tag: '1111111' });
    });

    it.each([
      ['no body', undefined, /"tag" is required/],
      ['no tag', { name: 'x' }, /"tag" is required/],
      ['a tag of white space', { tag: '   ' }, /"tag" is required/],
      ['a number as tag', { tag: 12345678 }, /"tag" must be a string/],
      [
        'a tag of another platform',
        { tag: 'G-ABC123DEF4' },
        /"tag" is not valid\. That is not a valid Google Tag Manager container ID/,
      ],
      ['an empty name', { name: ' ', tag: 'GTM-ABC1234' }, /"name" must not be empty/],
      [
        'a name of 256 characters',
        { name: 'n'.repeat(256), tag: 'GTM-ABC1234' },
        /at most 255 characters/,
      ],
      [
        'another type',
        { type: 'gapixel', tag: 'G-ABC123DEF4' },
        /type of a pixel cannot be changed \(this one is gtmpixel\)/,
      ],
    ])('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
      const id = await addPixel();
      const r = await s.api('PUT', `/api/pixel/${id}/update`, body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
      expect(await listed(id)).toMatchObject({
        type: 'gtmpixel',
        name: 'Site',
        tag: 'GTM-ABC1234',
      });
    });

    it('answers another user’s pixel exactly like one that does not exist, and needs the key', async () => {
      const theirs = await addPixel(undefined, otherKey);
      const r = await s.api('PUT', `/api/pixel/${theirs}/update`, {
        name: 'Mine now',
        tag: 'GTM-AAAA1111',
      });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: 1, message: 'Pixel was not found.' });
      expect(
        (await s.api('PUT', '/api/pixel/999999/update', { tag: 'GTM-AAAA1111' })).json,
      ).toEqual(r.json);
      expect((await s.api('PUT', '/api/pixel/abc/update', { tag: 'GTM-AAAA1111' })).status).toBe(
        400,
      );
      const anonymous = await s.api(
        'PUT',
        `/api/pixel/${theirs}/update`,
        { tag: 'GTM-AAAA1111' },
        { key: null },
      );
      expect(anonymous.status).toBe(401);
      const untouched = await s.api<{ data: { pixels: Json[] } }>('GET', '/api/pixels', undefined, {
        key: otherKey,
      });
      expect(untouched.json.data.pixels.find((p) => p['id'] === theirs)).toMatchObject({
        name: 'Site',
        tag: 'GTM-ABC1234',
      });
    });
  });

  describe('DELETE /api/pixel/:id/delete (6.2 and later; not in the spec)', () => {
    it('deletes the pixel and takes it off the links that used it, which stay', async () => {
      const id = await addPixel();
      const kept = await addPixel({ type: 'bing', name: 'Kept', tag: '1234567' });
      const link = await s.api('POST', '/api/url/add', {
        url: 'https://example.com/pixels',
        pixels: [id, kept],
      });
      expect(link.status, link.text).toBe(200);
      const linkId = link.json['id'] as number;

      const r = await s.api('DELETE', `/api/pixel/${id}/delete`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ error: 0, message: 'Pixel has been deleted successfully.' });
      expect(await listed(id)).toBeUndefined();
      const details = await s.api<{ details: { pixels: number[] } }>('GET', `/api/url/${linkId}`);
      expect(details.status).toBe(200);
      expect(details.json.details.pixels).toEqual([kept]);

      const again = await s.api('DELETE', `/api/pixel/${id}/delete`);
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ error: 1, message: 'Pixel was not found.' });
    });

    it('answers another user’s pixel as not found and leaves it, and needs the key', async () => {
      const theirs = await addPixel(undefined, otherKey);
      expect((await s.api('DELETE', `/api/pixel/${theirs}/delete`)).status).toBe(404);
      expect(
        (await s.api('DELETE', `/api/pixel/${theirs}/delete`, undefined, { key: null })).status,
      ).toBe(401);
      const still = await s.api<{ data: { pixels: Json[] } }>('GET', '/api/pixels', undefined, {
        key: otherKey,
      });
      expect(still.json.data.pixels.some((p) => p['id'] === theirs)).toBe(true);
    });
  });
});
