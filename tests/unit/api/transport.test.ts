import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../../electron/backend/api/transport.js';
import {
  clientWith,
  failure,
  fixture,
  recordedFetch,
  TEST_KEY,
  type SeenRequest,
} from './support/recorded-fetch.js';

const networkError = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
const refuse = () => Promise.reject(networkError());
/** A fetch step that never answers: only its abort signal ends it. */
const hang = (_request: SeenRequest, signal: AbortSignal | undefined) =>
  new Promise<Response>((_resolve, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
/** Timers that fire on the next turn, so a timeout happens at once without waiting. */
const immediateTimers = {
  setTimeout: (callback: () => void) => setImmediate(callback),
  clearTimeout: (handle: unknown) => clearImmediate(handle as NodeJS.Immediate),
};

describe('requests', () => {
  it('asks the key getter at every call', async () => {
    let key = 'first-key';
    const { fetch, seen } = recordedFetch({ body: fixture('account.json') });
    const client = clientWith(fetch, { apiKey: async () => key });
    await client.account.get();
    key = 'second-key';
    await client.account.get();
    expect(seen.map((r) => r.headers['authorization'])).toEqual([
      'Bearer first-key',
      'Bearer second-key',
    ]);
  });

  it('refuses a key that cannot be a header value, without sending it or naming it', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('account.json') });
    const error = await failure(
      clientWith(fetch, { apiKey: () => 'abc\r\nX-Evil: 1' }).account.get(),
    );
    expect(error.code).toBe('unauthorized');
    expect(error.message).not.toContain('abc');
    expect(seen).toHaveLength(0);
  });

  it('removes the key from a server message that echoes it', async () => {
    const { fetch } = recordedFetch({
      status: 401,
      body: JSON.stringify({ error: 1, message: `The key ${TEST_KEY} is not valid.` }),
    });
    const error = await failure(clientWith(fetch).account.get());
    expect(error).toMatchObject({
      code: 'unauthorized',
      message: 'The key [API key] is not valid.',
    });
    expect(JSON.stringify((error as unknown as { toInfo(): unknown }).toInfo())).not.toContain(
      TEST_KEY,
    );
  });

  it('turns a failing key getter (keychain) into unauthorized', async () => {
    const { fetch } = recordedFetch({ body: fixture('account.json') });
    const error = await failure(
      clientWith(fetch, {
        apiKey: () => {
          throw new Error('keychain locked');
        },
      }).account.get(),
    );
    expect(error.code).toBe('unauthorized');
  });

  it('builds the spec body of a link from the typed input', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('link-created-shorturl.json') });
    await clientWith(fetch).links.create({
      url: 'https://example.com/page',
      custom: 'promo',
      type: { overlayId: 2 },
      password: 'pw',
      domain: 'https://go.brand.com',
      expiry: '2031-01-01 00:00:00',
      geoTarget: [{ location: 'Canada', link: 'https://example.ca' }],
      deviceTarget: [{ device: 'iphone', link: 'https://apple.example.com' }],
      languageTarget: [{ language: 'fr', link: 'https://example.fr' }],
      metaTitle: 'T',
      metaDescription: 'D',
      metaImage: 'https://example.com/i.png',
      description: 'note',
      pixels: [1, 2],
      channel: 3,
      campaign: 4,
      deepLink: {
        apple: 'https://apps.apple.com/x',
        google: 'https://play.google.com/x',
        auto: false,
      },
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'linkdeck' }],
    });
    const request = seen[0] as SeenRequest;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://short.example.com/api/url/add');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body as string)).toEqual({
      url: 'https://example.com/page',
      custom: 'promo',
      type: 'overlay-2',
      password: 'pw',
      domain: 'https://go.brand.com',
      expiry: '2031-01-01 00:00:00',
      geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
      devicetarget: [{ device: 'iphone', link: 'https://apple.example.com' }],
      languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
      metatitle: 'T',
      metadescription: 'D',
      metaimage: 'https://example.com/i.png',
      description: 'note',
      pixels: [1, 2],
      channel: 3,
      campaign: 4,
      deeplink: {
        apple: 'https://apps.apple.com/x',
        google: 'https://play.google.com/x',
        auto: false,
      },
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'linkdeck' }],
    });
  });

  it('leaves create-only fields out of an update but keeps the note (real services clear it otherwise), and sends a splash page by its id', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('link-updated-short.json') });
    const input = {
      url: 'https://example.com',
      type: { splashPageId: 7 },
      description: 'note',
      status: 'private',
      deepLink: { auto: true, apple: 'https://a.example' },
    } as const;
    await clientWith(fetch).links.update(3, input);
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url).toBe('https://short.example.com/api/url/3/update');
    expect(JSON.parse(seen[0]?.body as string)).toEqual({
      url: 'https://example.com',
      type: 7,
      description: 'note',
      deeplink: { apple: 'https://a.example' },
    });
  });

  it('sends no body and no Content-Type where the endpoint has none', async () => {
    const { fetch, seen } = recordedFetch({
      body: JSON.stringify({ error: 0, message: 'Item added.' }),
    });
    await clientWith(fetch).channels.assign(4, 'links', 9);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://short.example.com/api/channel/4/assign/links/9',
      body: undefined,
    });
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  it('builds list queries from what is given only', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('links-first-page.json') });
    const client = clientWith(fetch);
    await client.links.list({ limit: 100, page: 2, order: 'click', q: 'summer sale' });
    await client.links.list();
    expect(seen.map((r) => r.url)).toEqual([
      'https://short.example.com/api/urls?limit=100&page=2&order=click&q=summer+sale',
      'https://short.example.com/api/urls',
    ]);
  });

  it('rejects ids that could change the path', async () => {
    const { fetch, seen } = recordedFetch({ body: '{}' });
    expect(await failure(clientWith(fetch).links.get(Number.NaN))).toMatchObject({
      code: 'invalid-input',
    });
    expect(await failure(clientWith(fetch).links.delete(-1))).toMatchObject({
      code: 'invalid-input',
    });
    expect(seen).toHaveLength(0);
  });

  it('normalises the base URL', () => {
    expect(normaliseBaseUrl(' https://s.example.com/ ')).toBe('https://s.example.com');
    expect(normaliseBaseUrl('https://s.example.com/shortener/api/')).toBe(
      'https://s.example.com/shortener',
    );
    expect(() => normaliseBaseUrl('ftp://s.example.com')).toThrow(/http/);
    expect(() => normaliseBaseUrl('not a url')).toThrow(/http/);
  });

  it('does not follow a redirect (the key would go along) and says where it pointed', async () => {
    const { fetch, seen } = recordedFetch({
      status: 301,
      headers: { location: 'https://s.example.com/api/account' },
      body: '',
    });
    const error = await failure(
      clientWith(fetch, { baseUrl: 'http://s.example.com' }).account.get(),
    );
    expect(error.code).toBe('remote-error');
    expect(error.message).toContain('https://s.example.com/api/account');
    expect(seen).toHaveLength(1);
  });
});

describe('retries and timeouts', () => {
  it('retries a GET after network errors, then succeeds', async () => {
    const retries: number[] = [];
    const { fetch, seen } = recordedFetch(refuse, refuse, { body: fixture('account.json') });
    const client = clientWith(fetch);
    const account = await client.account.get({
      beforeRetry: async () => void retries.push(seen.length),
    });
    expect(account.id).toBe(1);
    expect(seen).toHaveLength(3);
    // Each extra attempt asked for budget first.
    expect(retries).toEqual([1, 2]);
  });

  it('retries a GET after a 5xx, a bounded number of times', async () => {
    const { fetch, seen } = recordedFetch({
      status: 503,
      body: JSON.stringify({ error: 1, message: 'Maintenance.' }),
    });
    const error = await failure(clientWith(fetch).links.list());
    expect(error).toMatchObject({ code: 'remote-error', status: 503, message: 'Maintenance.' });
    expect(seen).toHaveLength(3);
  });

  it('reports a network failure as offline, without the key', async () => {
    const { fetch } = recordedFetch(refuse);
    const error = await failure(clientWith(fetch).account.get());
    expect(error.code).toBe('offline');
    expect(error.message).toContain('short.example.com');
    expect(error.message).toContain('ECONNREFUSED');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(TEST_KEY);
  });

  it('times out a request that does not answer, as offline', async () => {
    const { fetch, seen } = recordedFetch(hang);
    const error = await failure(
      clientWith(fetch, { timeoutMs: 1234, timers: immediateTimers, getAttempts: 2 }).links.list(),
    );
    expect(error).toMatchObject({ code: 'offline', details: { timeout: true } });
    expect(error.message).toMatch(/within 1\.2 seconds/);
    expect(seen).toHaveLength(2);
  });

  it('sends an Idempotency-Key with a POST and reuses it when retrying after a network error', async () => {
    const { fetch, seen } = recordedFetch(refuse, { body: fixture('link-created-shorturl.json') });
    await clientWith(fetch).links.create({ url: 'https://example.com' });
    expect(seen).toHaveLength(2);
    const keys = seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses the Idempotency-Key it is given, and a new one per call otherwise', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('link-created-shorturl.json') });
    const client = clientWith(fetch);
    await client.links.create({ url: 'https://example.com' }, { idempotencyKey: 'outbox-17' });
    await client.links.create({ url: 'https://example.com' });
    await client.links.create({ url: 'https://example.com' });
    const keys = seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toBe('outbox-17');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('does not retry a POST after a 5xx (the server may have acted)', async () => {
    const { fetch, seen } = recordedFetch({
      status: 500,
      body: JSON.stringify({ error: 1, message: 'Oops.' }),
    });
    expect(
      await failure(clientWith(fetch).links.create({ url: 'https://example.com' })),
    ).toMatchObject({ code: 'remote-error' });
    expect(seen).toHaveLength(1);
  });

  it.each(['update', 'delete'] as const)(
    'does not retry a %s after a network error',
    async (method) => {
      const { fetch, seen } = recordedFetch(refuse);
      const client = clientWith(fetch);
      const call =
        method === 'update'
          ? client.links.update(1, { url: 'https://example.com' })
          : client.links.delete(1);
      expect(await failure(call)).toMatchObject({ code: 'offline' });
      expect(seen).toHaveLength(1);
      expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
    },
  );

  it('does not retry client errors', async () => {
    const { fetch, seen } = recordedFetch({ status: 400, body: fixture('error-invalid-url.json') });
    expect(await failure(clientWith(fetch).links.list())).toMatchObject({
      code: 'invalid-input',
      message: 'Please enter a valid URL.',
    });
    expect(seen).toHaveLength(1);
  });

  it('lets the caller cancel: an AbortError, not offline, and no retry', async () => {
    const { fetch, seen } = recordedFetch(hang);
    const controller = new AbortController();
    const call = clientWith(fetch).links.list({}, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const error = await failure(call);
    expect(error.name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });
});
