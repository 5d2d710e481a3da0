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
    const f = openFixtures(s);
    otherKey = f.addUser('other@example.com').key;
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
});
