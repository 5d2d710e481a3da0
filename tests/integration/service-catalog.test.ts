import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtures, type ServiceFixtures } from '../support/service-fixtures.js';
import { startTestService, type TestService } from '../support/service.js';

type Json = Record<string, unknown>;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('local service: overlays and splash pages (read only)', () => {
  let s: TestService;
  let f: ServiceFixtures;

  beforeAll(async () => {
    s = await startTestService();
    f = await openFixtures(s);
  });
  afterAll(async () => {
    f.close();
    await s.close();
  });

  it('lists a new user’s two sample overlays under "cta" with exactly id, type, name and date', async () => {
    const r = await s.api<{ error: number; data: Json & { cta: Json[] } }>('GET', '/api/overlay');
    expect(r.status).toBe(200);
    expect(r.json.error).toBe(0);
    expect(r.json.data).toMatchObject({
      result: 2,
      perpage: 15,
      currentpage: 1,
      nextpage: 0,
      maxpage: 1,
    });
    expect(r.json.data.cta).toEqual([
      {
        id: expect.any(Number),
        type: 'contact',
        name: 'Contact us',
        date: expect.stringMatching(DATETIME),
      },
      {
        id: expect.any(Number),
        type: 'message',
        name: 'Newsletter sign-up',
        date: expect.stringMatching(DATETIME),
      },
    ]);
  });

  it('lists the two sample splash pages under "splash" with exactly id, name and date', async () => {
    const r = await s.api<{ error: number; data: Json & { splash: Json[] } }>('GET', '/api/splash');
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      result: 2,
      perpage: 15,
      currentpage: 1,
      nextpage: 0,
      maxpage: 1,
    });
    expect(r.json.data.splash).toEqual([
      { id: expect.any(Number), name: 'Seasonal sale', date: expect.stringMatching(DATETIME) },
      { id: expect.any(Number), name: 'Product launch', date: expect.stringMatching(DATETIME) },
    ]);
  });

  it('formats the stored creation time as the spec’s UTC datetime', async () => {
    const at = Date.UTC(2024, 1, 29, 13, 5, 9);
    const lastInsertRowid = ((await f.one<{ id: number }>('INSERT INTO splash_pages (user_id, name, created_at) VALUES (?, ?, ?) RETURNING id', f.firstUserId, 'Leap day', at)) as { id: number }).id;
    const r = await s.api<{ data: { splash: Json[] } }>('GET', '/api/splash');
    expect(r.json.data.splash[0]).toEqual({
      id: Number(lastInsertRowid),
      name: 'Leap day',
      date: '2024-02-29 13:05:09',
    });
  });

  it('pages and keeps users apart', async () => {
    const other = await f.addUser('other@example.com');
    const page = await s.api<{ data: Json & { cta: Json[] } }>(
      'GET',
      '/api/overlay?limit=1&page=2',
    );
    expect(page.json.data).toMatchObject({
      result: 2,
      perpage: 1,
      currentpage: 2,
      nextpage: 0,
      maxpage: 2,
    });
    expect(page.json.data.cta.map((o) => o['name'])).toEqual(['Newsletter sign-up']);
    const mine = (await s.api<{ data: { cta: Json[] } }>('GET', '/api/overlay')).json.data.cta.map(
      (o) => o['id'],
    );
    const theirs = (
      await s.api<{ data: { cta: Json[] } }>('GET', '/api/overlay', undefined, { key: other.key })
    ).json.data.cta.map((o) => o['id']);
    expect(theirs).toHaveLength(2);
    expect(theirs.some((id) => mine.includes(id))).toBe(false);
    expect((await s.api('GET', '/api/splash?page=0')).status).toBe(400);
  });

  it('offers no way to create overlays or splash pages', async () => {
    expect((await s.api('POST', '/api/overlay', { name: 'x' })).status).toBe(404);
    expect((await s.api('POST', '/api/splash/add', { name: 'x' })).status).toBe(404);
  });
});
