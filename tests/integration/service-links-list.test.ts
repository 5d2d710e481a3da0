import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { DATETIME, openLinkTestDb, type LinkTestDb } from './service-links-support.js';

type Json = Record<string, unknown>;
interface Item {
  id: number;
  alias: string;
  shorturl: string;
  longurl: string;
  clicks: number;
  title: string;
  description: string;
  date: string;
}

let s: TestService;
let t: LinkTestDb;
/** Ids of the 32 links made in beforeAll, oldest first. */
const ids: number[] = [];

beforeAll(async () => {
  s = await startTestService();
  t = await openLinkTestDb(s);
  for (let i = 0; i < 32; i++) {
    const r = await s.api('POST', '/api/url/add', {
      url: `https://paging.example/${i}`,
      description: `note ${i}`,
    });
    ids.push(r.json['id'] as number);
  }
});
afterAll(async () => {
  t.close();
  await s.close();
});

const list = async (query: string) => {
  const r = await s.api('GET', `/api/urls${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json as { error: number; data: Json & { urls: Item[] } };
};

describe('GET /api/urls: the paged list', () => {
  it('answers the envelope with 15 items a page, newest first, each item field by field', async () => {
    const r = await list('');
    expect(r.error).toBe(0);
    expect(Object.keys(r.data).sort()).toEqual([
      'currentpage',
      'maxpage',
      'nextpage',
      'perpage',
      'result',
      'urls',
    ]);
    expect(r.data).toMatchObject({
      result: 32,
      perpage: 15,
      currentpage: 1,
      nextpage: 2,
      maxpage: 3,
    });
    expect(r.data.urls.map((u) => u.id)).toEqual([...ids].reverse().slice(0, 15));
    const item = r.data.urls[0] as Item;
    expect(Object.keys(item).sort()).toEqual([
      'alias',
      'clicks',
      'date',
      'description',
      'id',
      'longurl',
      'shorturl',
      'title',
    ]);
    expect(item).toEqual({
      id: ids[31],
      alias: expect.stringMatching(/^[A-Za-z2-9]{6}$/),
      shorturl: `${s.url}/${item.alias}`,
      longurl: 'https://paging.example/31',
      clicks: 0,
      title: 'paging.example/31',
      description: 'note 31',
      date: expect.stringMatching(DATETIME),
    });
  });

  it('pages through to the last page, where nextpage is 0', async () => {
    const page2 = await list('?page=2');
    expect(page2.data).toMatchObject({ currentpage: 2, nextpage: 3, maxpage: 3 });
    expect(page2.data.urls.map((u) => u.id)).toEqual([...ids].reverse().slice(15, 30));
    const page3 = await list('?page=3');
    expect(page3.data).toMatchObject({ currentpage: 3, nextpage: 0, maxpage: 3 });
    expect(page3.data.urls.map((u) => u.id)).toEqual([ids[1], ids[0]]);
    const beyond = await list('?page=9');
    expect(beyond.data).toMatchObject({
      result: 32,
      currentpage: 9,
      nextpage: 0,
      maxpage: 3,
      urls: [],
    });
  });

  it('honours limit up to 100 and says what it used in perpage', async () => {
    expect((await list('?limit=10')).data).toMatchObject({ perpage: 10, maxpage: 4, nextpage: 2 });
    const all = await list('?limit=100');
    expect(all.data).toMatchObject({ perpage: 100, maxpage: 1, nextpage: 0 });
    expect(all.data.urls).toHaveLength(32);
    expect((await list('?limit=5000')).data).toMatchObject({ perpage: 100 });
  });

  it('refuses a limit, page or order it cannot read', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?page=-1', '?page=1.5']) {
      const r = await s.api('GET', `/api/urls${query}`);
      expect(r.status, query).toBe(400);
      expect(r.json['message']).toMatch(/whole number of at least 1/);
    }
    const r = await s.api('GET', '/api/urls?order=popular');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 1,
      message: expect.stringMatching(/"order" must be "date".*or "click"/),
    });
  });

  it('orders by clicks, most first, then newest', async () => {
    const set = (clicks: number, id: number | undefined) => t.all('UPDATE link_counts SET clicks = ? WHERE link_id = ?', clicks, id);
    await set(50, ids[3]);
    await set(7, ids[10]);
    await set(7, ids[20]);
    await set(1, ids[0]);
    try {
      const r = await list('?order=click&limit=5');
      expect(r.data.urls.map((u) => [u.id, u.clicks])).toEqual([
        [ids[3], 50],
        [ids[20], 7],
        [ids[10], 7],
        [ids[0], 1],
        [ids[31], 0],
      ]);
      expect((await list('?order=date&limit=1')).data.urls[0]?.id).toBe(ids[31]);
    } finally {
      (await t.all('UPDATE link_counts SET clicks = 0'));
    }
  });

  it('shows a user only their own links', async () => {
    const other = (await t.addUser('lister@example.com'));
    const empty = await s.api('GET', '/api/urls', undefined, { key: other.key });
    expect(empty.json).toEqual({
      error: 0,
      data: { result: 0, perpage: 15, currentpage: 1, nextpage: 0, maxpage: 1, urls: [] },
    });
    await s.api('POST', '/api/url/add', { url: 'https://theirs.example/' }, { key: other.key });
    const theirs = await s.api('GET', '/api/urls', undefined, { key: other.key });
    expect((theirs.json['data'] as Json)['result']).toBe(1);
    expect((await list('')).data['result']).toBe(32);
  });
});

describe('GET /api/urls?q=: keyword search', () => {
  const ids2: Record<string, number> = {};
  beforeAll(async () => {
    const make = async (name: string, body: Json) => {
      const r = await s.api('POST', '/api/url/add', body);
      ids2[name] = r.json['id'] as number;
    };
    await make('alias', { url: 'https://a.example/', custom: 'Zebra-Alias' });
    await make('url', { url: 'https://zebra-url.example/path' });
    await make('title', { url: 'https://b.example/', metatitle: 'The ZEBRA title' });
    await make('note', { url: 'https://c.example/', description: 'about zebras' });
    await make('percent', { url: 'https://d.example/', metatitle: '100% sure' });
    await make('underscore', { url: 'https://e.example/', metatitle: 'snake_case' });
    await make('quote', {
      url: 'https://f.example/',
      description: "Robert'); DROP TABLE links;--",
    });
  });

  const found = async (q: string) =>
    (await list(`?q=${encodeURIComponent(q)}&limit=100`)).data.urls
      .map((u) => u.id)
      .sort((a, b) => a - b);

  it('matches alias, long URL, title and note, ignoring case', async () => {
    expect(await found('zebra')).toEqual(
      [ids2['alias'], ids2['url'], ids2['title'], ids2['note']].sort(
        (a, b) => (a as number) - (b as number),
      ),
    );
    const r = await list('?q=zebra');
    expect(r.data).toMatchObject({ result: 4, nextpage: 0, maxpage: 1 });
  });

  it('takes % and _ literally and is safe with quotes', async () => {
    expect(await found('%')).toEqual([ids2['percent']]);
    expect(await found('_')).toEqual([ids2['underscore']]);
    expect(await found("'); DROP TABLE links;--")).toEqual([ids2['quote']]);
    expect(await found('nothing-like-this')).toEqual([]);
    expect(
      ((await t.one('SELECT COUNT(*) AS n FROM links')) as { n: number }).n,
    ).toBeGreaterThan(32);
  });

  it('pages and orders the matches', async () => {
    const r = await list('?q=paging.example&limit=10&page=4');
    expect(r.data).toMatchObject({
      result: 32,
      perpage: 10,
      currentpage: 4,
      nextpage: 0,
      maxpage: 4,
    });
    expect(r.data.urls.map((u) => u.id)).toEqual([ids[1], ids[0]]);
  });
});

describe('GET /api/urls?short=: look-up by short URL', () => {
  it('answers the single-link shape of GET /api/url/:id for a full short URL or a bare alias', async () => {
    const add = await s.api('POST', '/api/url/add', {
      url: 'https://short.example/',
      custom: 'find-me',
    });
    const id = add.json['id'] as number;
    const single = await s.api('GET', `/api/url/${id}`);
    const byUrl = await s.api('GET', `/api/urls?short=${encodeURIComponent(`${s.url}/find-me`)}`);
    expect(byUrl.status).toBe(200);
    expect(byUrl.json).toEqual(single.json);
    expect(Object.keys(byUrl.json).sort()).toEqual(['data', 'details', 'error', 'id']);
    const bare = await s.api('GET', '/api/urls?short=find-me');
    expect(bare.json).toEqual(single.json);
    const noScheme = await s.api(
      'GET',
      `/api/urls?short=${encodeURIComponent(`${new URL(s.url).host}/find-me`)}`,
    );
    expect(noScheme.json).toEqual(single.json);
  });

  it('finds links on branded domains by their host', async () => {
    (await t.addDomain(t.userId, 'https://brand.example'));
    const add = await s.api('POST', '/api/url/add', {
      url: 'https://short.example/b',
      custom: 'branded',
      domain: 'brand.example',
    });
    const r = await s.api(
      'GET',
      `/api/urls?short=${encodeURIComponent('https://brand.example/branded')}`,
    );
    expect(r.status).toBe(200);
    expect(r.json['id']).toBe(add.json['id']);
    expect((r.json['details'] as Json)['shorturl']).toBe('https://brand.example/branded');
  });

  it('ignores every other parameter when short is given', async () => {
    const r = await s.api('GET', '/api/urls?short=find-me&order=bogus&limit=0&q=zzz');
    expect(r.status).toBe(200);
    expect((r.json['details'] as Json)['alias']).toBe('find-me');
  });

  it('answers 404 when no link of the user has that short URL', async () => {
    for (const short of [
      'no-such-alias',
      `${s.url}/no-such-alias`,
      'https://unknown-host.example/find-me',
      `${s.url}/`,
    ]) {
      const r = await s.api('GET', `/api/urls?short=${encodeURIComponent(short)}`);
      expect(r.status, short).toBe(404);
      expect(r.json).toEqual({
        error: 1,
        message: expect.stringMatching(/short URL .* was not found/),
      });
    }
    const other = (await t.addUser('short-seeker@example.com'));
    const r = await s.api('GET', '/api/urls?short=find-me', undefined, { key: other.key });
    expect(r.status).toBe(404);
  });
});

describe('GET /api/urls?short= behind a proxy with a path', () => {
  let p: TestService;
  beforeAll(async () => {
    p = await startTestService({ publicUrl: 'https://links.example/go/' });
  });
  afterAll(() => p.close());

  // The public URL is not reachable from here: talk to the listening port directly.
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${p.service.port}${path}`, {
      method,
      headers: { Authorization: `Bearer ${p.key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };

  it('reads the alias after the public URL’s path', async () => {
    const add = await call('POST', '/api/url/add', {
      url: 'https://proxied.example/',
      custom: 'behind',
    });
    expect(add.json['shorturl']).toBe('https://links.example/go/behind');
    const r = await call(
      'GET',
      `/api/urls?short=${encodeURIComponent('https://links.example/go/behind')}`,
    );
    expect(r.status).toBe(200);
    expect(r.json['id']).toBe(add.json['id']);
  });
});
