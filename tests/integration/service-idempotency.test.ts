import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixtures } from '../support/service-fixtures.js';
import { startTestService, type ApiAnswer, type TestService } from '../support/service.js';

/*
 * Safe retries: a POST repeated with the same Idempotency-Key and body within 24 hours gets the
 * first answer again and changes nothing. The service runs on a clock the tests move.
 */

const HOUR = 60 * 60 * 1000;

describe('local service: Idempotency-Key', () => {
  let s: TestService;
  let clock = Date.UTC(2030, 0, 15, 9, 0, 0);
  let keyB: string;
  let seq = 0;
  /** A key no other test uses. */
  const freshKey = () => `test-key-${++seq}`;

  const post = (path: string, body: unknown, idempotencyKey?: string, key?: string) =>
    s.api('POST', path, body, {
      ...(key ? { key } : {}),
      ...(idempotencyKey !== undefined ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    });
  const count = async (path: string, collection: string, key?: string) => {
    const r = await s.api<{ data: Record<string, unknown> & { result: number } }>(
      'GET',
      `${path}?limit=100`,
      undefined,
      key ? { key } : {},
    );
    expect(r.status, r.text).toBe(200);
    expect(Array.isArray(r.json.data[collection])).toBe(true);
    return r.json.data.result;
  };
  const expectReplay = (first: ApiAnswer, again: ApiAnswer) => {
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
  };

  beforeAll(async () => {
    s = await startTestService({ now: () => clock });
    const fx = await openFixtures(s);
    keyB = (await fx.addUser('other@example.com')).key;
    fx.close();
  });
  afterAll(() => s?.close());

  it('answers a repeated link add with the first answer, marked as replayed, and creates one link', async () => {
    const before = await count('/api/urls', 'urls');
    const key = freshKey();
    const body = { url: 'https://example.com/once', metatitle: 'Once' };
    const first = await post('/api/url/add', body, key);
    expect(first.status).toBe(200);
    const second = await post('/api/url/add', body, key);
    const third = await post('/api/url/add', body, key);
    expectReplay(first, second);
    expectReplay(first, third);
    expect(second.json['id']).toBe(first.json['id']);
    expect(await count('/api/urls', 'urls')).toBe(before + 1);
    // The replay still carries the rate-limit headers every /api answer has.
    expect(second.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('refuses the same key with a different body (or endpoint) with 422 and a clear message, changing nothing', async () => {
    const key = freshKey();
    const first = await post('/api/url/add', { url: 'https://example.com/a' }, key);
    expect(first.status).toBe(200);
    const before = await count('/api/urls', 'urls');
    for (const [path, body] of [
      ['/api/url/add', { url: 'https://example.com/b' }],
      ['/api/url/add', { url: 'https://example.com/a', metatitle: 'changed' }],
      ['/api/channel/add', { url: 'https://example.com/a' }],
    ] as const) {
      const r = await post(path, body, key);
      expect(r.status).toBe(422);
      expect(r.json).toEqual({
        error: 1,
        message: expect.stringMatching(/already used for a different request.*new key/),
      });
      expect(r.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await count('/api/urls', 'urls')).toBe(before);
    expect(await count('/api/channels', 'channels')).toBe(0);
  });

  it('treats different keys (and no key) as different requests', async () => {
    const before = await count('/api/urls', 'urls');
    const body = { url: 'https://example.com/twice' };
    const a = await post('/api/url/add', body, freshKey());
    const b = await post('/api/url/add', body, freshKey());
    const c = await post('/api/url/add', body);
    const d = await post('/api/url/add', body);
    const ids = [a, b, c, d].map((r) => r.json['id']);
    expect(new Set(ids).size).toBe(4);
    expect(await count('/api/urls', 'urls')).toBe(before + 4);
  });

  it.each([
    [
      'channel',
      '/api/channel/add',
      { name: 'Retry channel', starred: true },
      '/api/channels',
      'channels',
    ],
    [
      'campaign',
      '/api/campaign/add',
      { name: 'Retry campaign', slug: 'retry-campaign', public: true },
      '/api/campaigns',
      'campaigns',
    ],
    [
      'domain',
      '/api/domain/add',
      { domain: 'https://retry.example.com' },
      '/api/domains',
      'domains',
    ],
    [
      'pixel',
      '/api/pixel/add',
      { type: 'fbpixel', name: 'Retry pixel', tag: '123456789012345' },
      '/api/pixels',
      'pixels',
    ],
  ] as const)(
    'replays a repeated %s add and creates one',
    async (_what, path, body, list, collection) => {
      const before = await count(list, collection);
      const key = freshKey();
      const first = await post(path, body, key);
      expect(first.status, first.text).toBe(200);
      const again = await post(path, body, key);
      expectReplay(first, again);
      expect(await count(list, collection)).toBe(before + 1);
      // Without the key the same request runs again: a new object, or a conflict where names are unique.
      const unkeyed = await post(path, body);
      expect(unkeyed.headers.get('idempotent-replayed')).toBeNull();
      if (collection === 'campaigns' || collection === 'domains') expect(unkeyed.status).toBe(409);
      else expect(unkeyed.json['id']).not.toBe(first.json['id']);
    },
  );

  it('replays an assignment without running it again', async () => {
    const link = (await post('/api/url/add', { url: 'https://example.com/assigned' })).json[
      'id'
    ] as number;
    const one = (await post('/api/channel/add', { name: 'One' })).json['id'] as number;
    const two = (await post('/api/channel/add', { name: 'Two' })).json['id'] as number;
    const key = freshKey();
    const first = await post(`/api/channel/${one}/assign/links/${link}`, undefined, key);
    expect(first.status, first.text).toBe(200);
    // The link moves on; a late retry of the first assignment must not move it back.
    expect((await post(`/api/channel/${two}/assign/links/${link}`, undefined)).status).toBe(200);
    const retry = await post(`/api/channel/${one}/assign/links/${link}`, undefined, key);
    expectReplay(first, retry);
    const details = await s.api<{ details: { channel: number } }>('GET', `/api/url/${link}`);
    expect(details.json.details.channel).toBe(two);

    const campaign = (await post('/api/campaign/add', { name: 'Assign once' })).json[
      'id'
    ] as number;
    const campaignKey = freshKey();
    const assigned = await post(`/api/campaign/${campaign}/assign/${link}`, undefined, campaignKey);
    expect(assigned.status, assigned.text).toBe(200);
    expectReplay(
      assigned,
      await post(`/api/campaign/${campaign}/assign/${link}`, undefined, campaignKey),
    );
  });

  it('never replays one user’s answer to another user', async () => {
    const key = freshKey();
    const body = { url: 'https://example.com/shared-key' };
    const mine = await post('/api/url/add', body, key);
    const beforeB = await count('/api/urls', 'urls', keyB);
    const theirs = await post('/api/url/add', body, key, keyB);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json['id']).not.toBe(mine.json['id']);
    expect(await count('/api/urls', 'urls', keyB)).toBe(beforeB + 1);
    // Each user's own retry replays their own answer.
    expectReplay(theirs, await post('/api/url/add', body, key, keyB));
    expectReplay(mine, await post('/api/url/add', body, key));
    // And the other user's first body does not count as a "different request" for this one.
    const otherBody = await post(
      '/api/url/add',
      { url: 'https://example.com/b-only' },
      'b-only-key',
      keyB,
    );
    expect(otherBody.status).toBe(200);
    expect(
      (await post('/api/url/add', { url: 'https://example.com/a-only' }, 'b-only-key')).status,
    ).toBe(200);
  });

  it('refuses an empty or over-long key (more than 255 characters) with 400, and accepts 255', async () => {
    const before = await count('/api/urls', 'urls');
    for (const bad of ['', 'k'.repeat(256), 'k'.repeat(4000)]) {
      const r = await post('/api/url/add', { url: 'https://example.com/long-key' }, bad);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        error: 1,
        message: 'The Idempotency-Key header must be between 1 and 255 characters.',
      });
    }
    expect(await count('/api/urls', 'urls')).toBe(before);
    const longest = 'k'.repeat(255);
    const first = await post('/api/url/add', { url: 'https://example.com/long-key' }, longest);
    expect(first.status).toBe(200);
    expectReplay(
      first,
      await post('/api/url/add', { url: 'https://example.com/long-key' }, longest),
    );
  });

  it('collapses concurrent retries with one key into one link', async () => {
    const before = await count('/api/urls', 'urls');
    const key = freshKey();
    const body = { url: 'https://example.com/burst' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/url/add', body, key)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json['id'])).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await count('/api/urls', 'urls')).toBe(before + 1);
  });

  it('remembers a key for 24 hours: a retry a second before replays, a second after creates a new link', async () => {
    const key = freshKey();
    const body = { url: 'https://example.com/daily' };
    const start = clock;
    const first = await post('/api/url/add', body, key);
    expect(first.status).toBe(200);
    const before = await count('/api/urls', 'urls');
    clock = start + 24 * HOUR - 1000;
    expectReplay(first, await post('/api/url/add', body, key));
    expect(await count('/api/urls', 'urls')).toBe(before);

    clock = start + 24 * HOUR + 1000;
    const later = await post('/api/url/add', body, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.json['id']).not.toBe(first.json['id']);
    expect(await count('/api/urls', 'urls')).toBe(before + 1);
    // The key now stands for the new request, for the next 24 hours.
    clock += HOUR;
    expectReplay(later, await post('/api/url/add', body, key));
    // An expired key is free for a different body as well.
    const reuse = freshKey();
    await post('/api/url/add', { url: 'https://example.com/old' }, reuse);
    clock += 25 * HOUR;
    expect((await post('/api/url/add', { url: 'https://example.com/new' }, reuse)).status).toBe(
      200,
    );
  });

  it('ignores the header on other methods', async () => {
    const link = (await post('/api/url/add', { url: 'https://example.com/put' })).json[
      'id'
    ] as number;
    const key = freshKey();
    const put = (title: string) =>
      s.api(
        'PUT',
        `/api/url/${link}/update`,
        { url: 'https://example.com/put', metatitle: title },
        { headers: { 'Idempotency-Key': key } },
      );
    expect((await put('one')).status).toBe(200);
    const second = await put('two');
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const details = await s.api<{ details: { metatitle: string } }>('GET', `/api/url/${link}`);
    expect(details.json.details.metatitle).toBe('two');
  });
});
