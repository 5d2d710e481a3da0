import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import type { RateInfo } from '../../../electron/backend/api/rate-info.js';
import { clientWith, failure, fixture, recordedFetch, TEST_KEY } from './support/recorded-fetch.js';

/*
 * Every difference issue 3 lists between real deployments of the API and the spec, each fed
 * through the client as a recorded answer (body, status, headers).
 */

describe('the error flag', () => {
  const account = JSON.parse(fixture('account.json')) as { data: unknown };

  it.each([0, '0', false])('treats error %j as success', async (flag) => {
    const { fetch } = recordedFetch({ body: JSON.stringify({ error: flag, data: account.data }) });
    const result = await clientWith(fetch).account.get();
    expect(result.email).toBe('sample@domain.com');
  });

  it.each([1, '1', true])(
    'treats error %j with HTTP 200 as a failure carrying the message',
    async (flag) => {
      const { fetch } = recordedFetch({
        body: JSON.stringify({ error: flag, message: 'Please enter a valid URL.' }),
      });
      const error = await failure(clientWith(fetch).links.create({ url: 'nope' }));
      expect(error).toBeInstanceOf(ApiClientError);
      expect(error).toMatchObject({
        code: 'invalid-input',
        message: 'Please enter a valid URL.',
        status: 200,
      });
    },
  );

  it('reads `"error": true` with a message (a recorded answer)', async () => {
    const { fetch } = recordedFetch({ body: fixture('error-alias-taken-true.json') });
    const error = await failure(
      clientWith(fetch).links.create({ url: 'https://example.com', custom: 'taken' }),
    );
    expect(error).toMatchObject({
      code: 'invalid-input',
      message: 'That alias is taken. Please choose another one.',
    });
  });

  it('takes `"error": 429` with HTTP 200 and Retry-After in the body as rate limiting', async () => {
    const infos: RateInfo[] = [];
    const { fetch } = recordedFetch({ body: fixture('error-429-in-body.json') });
    const error = await failure(
      clientWith(fetch, { onRateInfo: (i) => infos.push(i) }).links.list(),
    );
    expect(error).toMatchObject({
      code: 'rate-limited',
      retryAfterMs: 30_000,
      message: 'You have exceeded the request limit. Try again later.',
    });
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ rateLimited: true, retryAfterMs: 30_000 });
  });

  it('recognises a key refusal sent with HTTP 200 by its words', async () => {
    const { fetch } = recordedFetch({ body: fixture('error-bad-key.json') });
    const error = await failure(clientWith(fetch, { authScheme: 'Token' }).account.get());
    expect(error).toMatchObject({
      code: 'unauthorized',
      message: 'A valid API key is required to use this service.',
    });
  });
});

describe('missing messages', () => {
  it('falls back to the HTTP status text', async () => {
    const { fetch } = recordedFetch({
      status: 404,
      statusText: 'Not Found',
      body: fixture('error-no-message.json'),
    });
    const error = await failure(clientWith(fetch).links.get(12));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('404 Not Found');
  });

  it('uses the standard status text when the answer has none (HTTP/2)', async () => {
    const { fetch } = recordedFetch({
      status: 422,
      statusText: '',
      body: fixture('error-no-message.json'),
    });
    const error = await failure(clientWith(fetch).channels.create({ name: 'x' }));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain('422 Unprocessable Entity');
  });

  it('says so when an HTTP 200 error has no message', async () => {
    const { fetch } = recordedFetch({ body: fixture('error-no-message.json') });
    const error = await failure(clientWith(fetch).account.get());
    expect(error.code).toBe('remote-error');
    expect(error.message).toMatch(/reported an error without saying what it was/);
  });
});

describe('error statuses', () => {
  it.each([
    [400, 'invalid-input'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not-found'],
    [422, 'invalid-input'],
    [429, 'rate-limited'],
    [500, 'remote-error'],
    [502, 'remote-error'],
    [503, 'remote-error'],
  ] as const)(
    'maps HTTP %i with a JSON error to %s and keeps the message',
    async (status, code) => {
      const { fetch } = recordedFetch({
        status,
        body: JSON.stringify({ error: 1, message: `Status ${status} happened.` }),
      });
      const error = await failure(clientWith(fetch, { getAttempts: 1 }).links.list());
      expect(error).toMatchObject({ code, status, message: `Status ${status} happened.` });
    },
  );

  it('takes HTTP 429 with a Retry-After header, and reports the rate headers', async () => {
    const infos: RateInfo[] = [];
    const now = Date.UTC(2030, 0, 1);
    const { fetch } = recordedFetch({
      status: 429,
      body: JSON.stringify({ error: 1, message: 'Too many requests.' }),
      headers: {
        'retry-after': '17',
        'x-ratelimit-limit': '30',
        'x-ratelimit-remaining': '-3',
        'x-ratelimit-reset': String(now / 1000 + 40),
        date: new Date(now).toUTCString(),
      },
    });
    const error = await failure(
      clientWith(fetch, { now: () => now, onRateInfo: (i) => infos.push(i) }).links.list(),
    );
    expect(error).toMatchObject({ code: 'rate-limited', retryAfterMs: 17_000 });
    expect(infos).toEqual([
      {
        at: now,
        rateLimited: true,
        limit: 30,
        remaining: 0,
        resetAt: now + 40_000,
        retryAfterMs: 17_000,
      },
    ]);
  });
});

describe('bodies that are not the API', () => {
  it('turns a gateway HTML page into a short remote-error', async () => {
    const { fetch } = recordedFetch({
      status: 502,
      statusText: 'Bad Gateway',
      body: fixture('gateway-502.html'),
      headers: { 'content-type': 'text/html' },
    });
    const error = await failure(clientWith(fetch, { getAttempts: 1 }).links.list());
    expect(error.code).toBe('remote-error');
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message).toContain('web page');
    expect(error.message).not.toMatch(/<|nginx|10\.0\.0\.12/);
  });

  it('turns an HTML page with HTTP 200 (a captive portal) into a remote-error, sanitised', async () => {
    const { fetch } = recordedFetch({
      body: fixture('captive-portal.html'),
      headers: { 'content-type': 'text/html' },
    });
    const error = await failure(clientWith(fetch).account.get());
    expect(error.code).toBe('remote-error');
    expect(error.message).toContain('Hotel Wi-Fi');
    expect(error.message).not.toMatch(/<|>|SECRET-PORTAL-TOKEN/);
    expect(error.message.length).toBeLessThan(400);
  });

  it('turns an empty answer into a remote-error', async () => {
    const { fetch } = recordedFetch({ status: 200, body: '' });
    expect(await failure(clientWith(fetch).account.get())).toMatchObject({
      code: 'remote-error',
      message: expect.stringMatching(/empty answer/),
    });
  });

  it('turns an empty 503 into a remote-error', async () => {
    const { fetch } = recordedFetch({ status: 503, statusText: 'Service Unavailable', body: '' });
    const error = await failure(clientWith(fetch, { getAttempts: 1 }).account.get());
    expect(error).toMatchObject({ code: 'remote-error', status: 503 });
    expect(error.message).toContain('503 Service Unavailable');
  });

  it('keeps auth meaning for an HTML 401 from a proxy', async () => {
    const { fetch } = recordedFetch({
      status: 401,
      body: '<html><title>Authorization Required</title></html>',
    });
    expect(await failure(clientWith(fetch).account.get())).toMatchObject({ code: 'unauthorized' });
  });

  it('says the base URL may be wrong for an HTML 404', async () => {
    const { fetch } = recordedFetch({
      status: 404,
      body: '<html><title>Page not found</title></html>',
    });
    const error = await failure(clientWith(fetch).account.get());
    expect(error.code).toBe('remote-error');
    expect(error.message).toMatch(/no link service API at this base URL/);
  });

  it('treats a JSON answer of the wrong shape as a remote-error naming the field, not its value', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({ error: 0, data: { id: 'not-a-number-secret', email: 'x' } }),
    });
    const error = await failure(clientWith(fetch).account.get());
    expect(error.code).toBe('remote-error');
    expect(error.message).toContain('data.id');
    expect(JSON.stringify(error.details)).not.toContain('not-a-number-secret');
  });
});

describe('list envelopes', () => {
  it('un-escapes \\/ in URLs and reads string numbers', async () => {
    const { fetch } = recordedFetch({ body: fixture('links-first-page.json') });
    const page = await clientWith(fetch).links.list({ limit: 100 });
    expect(page.items[0]?.shortUrl).toBe('https://gem.ly/google');
    expect(page.items[1]).toEqual({
      id: 1,
      alias: 'googlecanada',
      shortUrl: 'https://gem.ly/googlecanada',
      longUrl: 'https://google.ca',
      clicks: 12,
      title: 'Google Canada',
      description: 'Search in Canada',
      date: '2020-11-10 18:00:25',
    });
    // The server used 15 though 100 was asked for.
    expect(page).toMatchObject({ total: 31, perPage: 15, page: 1, maxPage: 3, hasNext: true });
  });

  it.each([
    'links-last-page-nextpage-null.json',
    'links-last-page-nextpage-current.json',
    'links-last-page-nextpage-zero.json',
  ])('knows the last page from %s', async (name) => {
    const { fetch } = recordedFetch({ body: fixture(name) });
    const page = await clientWith(fetch).links.list({ page: 2 });
    expect(page).toMatchObject({ total: 16, perPage: 15, page: 2, maxPage: 2, hasNext: false });
    expect(page.items).toHaveLength(1);
  });

  it('fills in empty strings for null texts and 0 for null counts', async () => {
    const { fetch } = recordedFetch({ body: fixture('links-last-page-nextpage-current.json') });
    const [link] = (await clientWith(fetch).links.list()).items;
    expect(link).toMatchObject({ id: 40, clicks: 0, title: '', description: '' });
  });

  it('reads the overlay list under `cta`', async () => {
    const { fetch } = recordedFetch({ body: fixture('overlays-cta.json') });
    const page = await clientWith(fetch).overlays.list();
    expect(page.items).toEqual([
      { id: 1, type: 'message', name: 'Product 1 Promo', date: '2020-11-10 18:00:00' },
      { id: 2, type: 'contact', name: 'Contact Page', date: '2020-11-10 18:00:00' },
    ]);
    // `nextpage` equal to the current page: no next page.
    expect(page.hasNext).toBe(false);
  });

  it('reads the overlay list under `overlay`', async () => {
    const { fetch } = recordedFetch({ body: fixture('overlays-overlay.json') });
    const page = await clientWith(fetch).overlays.list();
    expect(page.items).toEqual([
      { id: 5, type: 'poll', name: 'Survey', date: '2021-01-02 03:04:05' },
    ]);
  });
});

describe('link answers', () => {
  it('reads a create answer with `shorturl`', async () => {
    const { fetch } = recordedFetch({ body: fixture('link-created-shorturl.json') });
    expect(await clientWith(fetch).links.create({ url: 'https://google.com' })).toEqual({
      id: 3,
      shortUrl: 'https://gem.ly/google',
    });
  });

  it('reads a create answer with `short`', async () => {
    const { fetch } = recordedFetch({ body: fixture('link-created-short.json') });
    expect(await clientWith(fetch).links.create({ url: 'https://google.com' })).toEqual({
      id: 3,
      shortUrl: 'https://gem.ly/google',
    });
  });

  it('reads an update answer with `short`', async () => {
    const { fetch } = recordedFetch({ body: fixture('link-updated-short.json') });
    expect(await clientWith(fetch).links.update(3, { url: 'https://google.com' })).toEqual({
      id: 3,
      shortUrl: 'https://gem.ly/google',
    });
  });

  it('reads statistics given as 0 as empty, and expiry null as null', async () => {
    const { fetch } = recordedFetch({ body: fixture('link-details-zero-stats.json') });
    const link = await clientWith(fetch).links.get(1);
    expect(link).toEqual({
      id: 1,
      alias: 'googlecanada',
      shortUrl: 'https://gem.ly/googlecanada',
      longUrl: 'https://google.com',
      title: 'Google',
      description: '',
      location: { canada: 'https://google.ca', 'united states': 'https://google.us' },
      device: { iphone: 'https://google.com', android: 'https://google.com' },
      expiry: null,
      date: '2020-11-10 18:01:43',
      stats: {
        clicks: 0,
        uniqueClicks: 0,
        topCountries: {},
        topReferrers: {},
        topBrowsers: {},
        topOs: {},
        socialCount: { facebook: 0, twitter: 0, google: 0 },
      },
    });
  });

  it('reads statistics given as objects (and PHP empty arrays for targeting)', async () => {
    const { fetch } = recordedFetch({ body: fixture('link-details-stats-objects.json') });
    const link = await clientWith(fetch).links.get(9);
    expect(link.location).toEqual({});
    expect(link.device).toEqual({});
    expect(link.expiry).toBe('2031-01-01 00:00:00');
    expect(link.alias).toBe('promo');
    expect(link.stats).toEqual({
      clicks: 42,
      uniqueClicks: 30,
      topCountries: { Germany: 20, France: 12 },
      topReferrers: { 'news.example.com': 7 },
      topBrowsers: { Chrome: 30, Firefox: 12 },
      topOs: { Windows: 25 },
      socialCount: {},
    });
  });

  it('reads a delete confirmation', async () => {
    const { fetch } = recordedFetch({ body: fixture('deleted.json') });
    expect(await clientWith(fetch).links.delete(3)).toEqual({
      message: 'Link has been deleted successfully',
    });
  });
});

describe('other resources', () => {
  it('reads `expires` null, and a zero date, as no expiry', async () => {
    const first = recordedFetch({ body: fixture('account.json') });
    expect(await clientWith(first.fetch).account.get()).toEqual({
      id: 1,
      email: 'sample@domain.com',
      username: 'sampleuser',
      avatar: 'https://domain.com/content/avatar.png',
      status: 'pro',
      expires: null,
      registered: '2020-11-10 18:01:43',
    });
    const second = recordedFetch({ body: fixture('account-string-flag.json') });
    expect(await clientWith(second.fetch).account.get()).toMatchObject({
      id: 7,
      expires: null,
      status: 'free',
    });
  });

  it('reads the campaign name under `domain` in the add answer, and a rotator URL', async () => {
    const { fetch } = recordedFetch({ body: fixture('campaign-created.json') });
    expect(
      await clientWith(fetch).campaigns.create({
        name: 'New Campaign',
        slug: 'test',
        public: true,
      }),
    ).toEqual({
      id: 3,
      name: 'New Campaign',
      public: true,
      rotator: 'https://domain.com/r/test',
      list: 'https://domain.com/u/admin/list-1',
    });
  });

  it('reads campaign names under `name` or `domain` in a list, and rotator false as none', async () => {
    const { fetch } = recordedFetch({ body: fixture('campaigns.json') });
    const page = await clientWith(fetch).campaigns.list();
    expect(page.items).toEqual([
      {
        id: 1,
        name: 'Sample Campaign',
        public: false,
        rotator: null,
        list: 'https://domain.com/u/admin/list-1',
      },
      {
        id: 2,
        name: 'Facebook Campaign',
        public: true,
        rotator: 'https://domain.com/r/test',
        list: 'https://domain.com/u/admin/test-2',
      },
    ]);
  });

  it('reads channels with starred as true or 0, and channel items of several types', async () => {
    const channels = recordedFetch({ body: fixture('channels.json') });
    expect((await clientWith(channels.fetch).channels.list()).items.map((c) => c.starred)).toEqual([
      true,
      false,
    ]);
    const items = recordedFetch({ body: fixture('channel-items.json') });
    const page = await clientWith(items.fetch).channels.items(1);
    expect(page.items.map((i) => [i.type, i.date])).toEqual([
      ['links', '2022-05-12'],
      ['bio', '2022-06-01'],
    ]);
    const created = recordedFetch({ body: fixture('channel-created.json') });
    expect(await clientWith(created.fetch).channels.create({ name: 'New Channel' })).toEqual({
      id: 3,
      name: 'New Channel',
      description: 'My new channel',
      color: '#000000',
      starred: true,
    });
  });

  it('reads domains (null redirects as empty) and builds the new domain from its id', async () => {
    const list = recordedFetch({ body: fixture('domains.json') });
    expect((await clientWith(list.fetch).domains.list()).items[1]).toEqual({
      id: 2,
      domain: 'https://domain2.com',
      redirectRoot: '',
      redirect404: '',
    });
    const created = recordedFetch({ body: fixture('domain-created.json') });
    expect(
      await clientWith(created.fetch).domains.create({
        domain: 'https://go.brand.com',
        redirectRoot: 'https://brand.com',
      }),
    ).toEqual({
      id: 1,
      domain: 'https://go.brand.com',
      redirectRoot: 'https://brand.com',
      redirect404: '',
    });
  });

  it('reads pixels, and a pixel add answer that holds only the id', async () => {
    const list = recordedFetch({ body: fixture('pixels.json') });
    expect((await clientWith(list.fetch).pixels.list()).items[0]).toEqual({
      id: 1,
      type: 'gtmpixel',
      name: 'GTM Pixel',
      tag: 'GA-123456789',
      date: '2020-11-10 18:00:00',
    });
    const created = recordedFetch({ body: fixture('pixel-created-id-only.json') });
    expect(
      await clientWith(created.fetch).pixels.create({
        type: 'gapixel',
        name: 'Analytics',
        tag: 'G-1234567',
      }),
    ).toEqual({
      id: 12,
      type: 'gapixel',
      name: 'Analytics',
      tag: 'G-1234567',
      date: '',
    });
  });

  it('reads splash pages', async () => {
    const { fetch } = recordedFetch({ body: fixture('splash.json') });
    expect((await clientWith(fetch).splash.list()).items).toEqual([
      { id: 1, name: 'Product 1 Promo', date: '2020-11-10 18:00:00' },
      { id: 2, name: 'Product 2 Promo', date: '2020-11-10 18:10:00' },
    ]);
  });
});

describe('authentication', () => {
  it('sends `Authorization: Bearer <key>`', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('account.json') });
    await clientWith(fetch).account.get();
    expect(seen[0]?.headers['authorization']).toBe(`Bearer ${TEST_KEY}`);
  });

  it.each([401, 403])('after a %i tries `Token <key>` once, and remembers it', async (status) => {
    const learned: string[] = [];
    const { fetch, seen } = recordedFetch(
      { status, body: JSON.stringify({ error: 1, message: 'Unauthorized' }) },
      { body: fixture('account.json') },
    );
    const client = clientWith(fetch, { onAuthSchemeLearned: (s) => learned.push(s) });
    expect((await client.account.get()).id).toBe(1);
    await client.account.get();
    expect(seen.map((r) => r.headers['authorization'])).toEqual([
      `Bearer ${TEST_KEY}`,
      `Token ${TEST_KEY}`,
      `Token ${TEST_KEY}`,
    ]);
    expect(learned).toEqual(['Token']);
    expect(client.authScheme).toBe('Token');
  });

  it('gives up after one Token try when the key is simply wrong, and does not repeat it', async () => {
    const learned: string[] = [];
    const { fetch, seen } = recordedFetch({
      status: 401,
      body: JSON.stringify({ error: 1, message: 'The API key is not valid.' }),
    });
    const client = clientWith(fetch, { onAuthSchemeLearned: (s) => learned.push(s) });
    expect(await failure(client.account.get())).toMatchObject({
      code: 'unauthorized',
      message: 'The API key is not valid.',
    });
    expect(await failure(client.account.get())).toMatchObject({ code: 'unauthorized' });
    expect(seen.map((r) => r.headers['authorization']?.split(' ')[0])).toEqual([
      'Bearer',
      'Token',
      'Bearer',
    ]);
    expect(learned).toEqual([]);
    expect(client.authScheme).toBe('Bearer');
  });
});
