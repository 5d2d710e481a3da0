import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import {
  ADD_LINK_EXAMPLE,
  SPEC_ENDPOINTS,
  SPEC_EXAMPLES,
  type Json,
  type SpecExample,
} from '../support/spec-examples.js';

/*
 * The API documentation's own request examples, sent as printed to the local service: a client
 * that copied them must get 2xx and `error: 0` from every endpoint. And the robustness they need
 * (an unusable item of an optional list is left out) must not swallow real errors.
 */

const endpointOf = (example: SpecExample) =>
  SPEC_ENDPOINTS.find((endpoint) => {
    const [method, pattern] = endpoint.split(' ') as [string, string];
    const path = example.path.split('?')[0] as string;
    const regex = new RegExp(`^${pattern.replace(/:[a-z]+/g, '[^/]+')}$`);
    return method === example.method && regex.test(path);
  });

describe('local service: the API documentation’s request examples', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(() => s?.close());

  it('has an example for every endpoint of the spec', () => {
    const covered = new Set(SPEC_EXAMPLES.map(endpointOf));
    expect(SPEC_ENDPOINTS.filter((endpoint) => !covered.has(endpoint))).toEqual([]);
    expect(SPEC_EXAMPLES.filter((example) => endpointOf(example) === undefined)).toEqual([]);
  });

  it('accepts each, as printed, in order (2xx and error 0)', async () => {
    const made: { link?: number; short?: string } = {};
    const ids: Record<string, unknown[]> = {};
    for (const example of SPEC_EXAMPLES) {
      const path = example.path
        .replace(':link', String(made.link))
        .replace(':short', encodeURIComponent(made.short ?? ''));
      const r = await s.api<Json>(example.method, path, example.body);
      const where = `${example.name}: ${example.method} ${path} → HTTP ${r.status} ${r.text.slice(0, 400)}`;
      expect(r.status, where).toBeGreaterThanOrEqual(200);
      expect(r.status, where).toBeLessThan(300);
      expect(r.json['error'], where).toBe(0);
      if (example.method === 'POST' && r.json['id'] !== undefined)
        (ids[example.path] ??= []).push(r.json['id']);
      if (example.body === ADD_LINK_EXAMPLE) {
        made.link = r.json['id'] as number;
        made.short = r.json['shorturl'] as string;
      }
    }
    // In a fresh service the objects got the ids the documentation's bodies print.
    expect(ids).toMatchObject({
      '/api/pixel/add': [1, 2, 3, 4],
      '/api/channel/add': [1],
      '/api/campaign/add': [1],
      '/api/domain/add': [1],
    });
  });
});

describe('local service: the documentation’s add-link example, robustly read', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(() => s?.close());

  it('creates the link, keeps the usable parameter, leaves out the targeting-shaped one and says so', async () => {
    const pixels: unknown[] = [];
    for (let i = 0; i < 4; i++)
      pixels.push(
        (await s.api('POST', '/api/pixel/add', { type: 'gtmpixel', name: 'My GTM', tag: 'GTM-ABCDE' }))
          .json['id'],
      );
    expect(pixels).toEqual([1, 2, 3, 4]);
    expect((await s.api('POST', '/api/channel/add', { name: 'New Channel' })).json['id']).toBe(1);
    expect((await s.api('POST', '/api/campaign/add', { name: 'New Campaign' })).json['id']).toBe(1);

    const r = await s.api('POST', '/api/url/add', ADD_LINK_EXAMPLE);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({
      error: 0,
      id: expect.any(Number),
      shorturl: `${s.url}/google`,
      dropped: [
        {
          field: 'parameters[1]',
          reason: expect.stringMatching(
            /"parameters\[1\]\.name" must be a non-empty string .* parameters\[1\] was left out\./,
          ),
        },
      ],
    });
    expect(r.headers.get('x-linkdeck-dropped')).toBe('parameters');

    const details = (await s.api('GET', `/api/url/${String(r.json['id'])}`)).json['details'] as Json;
    expect(details).toMatchObject({
      longurl: 'https://google.com',
      alias: 'google',
      type: 'splash',
      status: 'private',
      expiry: '2020-11-11 12:00:00',
      parameters: [{ name: 'aff', value: '3' }],
      pixels: [1, 2, 3, 4],
      channel: 1,
      campaign: 1,
      location: { canada: 'https://google.ca', 'united states': 'https://google.us' },
      device: { iphone: 'https://google.com', android: 'https://google.com' },
      language: { en: 'https://google.com', fr: 'https://google.ca' },
      deeplink: {
        auto: true,
        apple: ADD_LINK_EXAMPLE.deeplink.apple,
        google: ADD_LINK_EXAMPLE.deeplink.google,
      },
      passwordProtected: true,
    });
  });

  it('answers a body without anything dropped exactly as the spec shows (no dropped key, no header)', async () => {
    const r = await s.api('POST', '/api/url/add', {
      url: 'https://example.com/clean',
      parameters: [{ name: 'aff', value: '3' }],
    });
    expect(Object.keys(r.json).sort()).toEqual(['error', 'id', 'shorturl']);
    expect(r.headers.get('x-linkdeck-dropped')).toBeNull();
  });

  it('still refuses a missing or wrong required field, and a wrong scalar one, with its clear 400', async () => {
    const { url: _url, ...withoutUrl } = ADD_LINK_EXAMPLE;
    const cases: [Json, RegExp][] = [
      [withoutUrl, /"url" is required/],
      [{ ...ADD_LINK_EXAMPLE, url: 'javascript:alert(1)' }, /"javascript:" scheme/],
      [{ ...ADD_LINK_EXAMPLE, custom: 'google!' }, /"custom"|only letters/],
      [{ ...ADD_LINK_EXAMPLE, channel: 'news' }, /"channel" must be a channel id/],
      [{ ...ADD_LINK_EXAMPLE, campaign: 999 }, /no campaign with the id 999/],
      [{ ...ADD_LINK_EXAMPLE, expiry: 'tomorrow' }, /YYYY-MM-DD HH:MM:SS/],
      [{ ...ADD_LINK_EXAMPLE, type: ['splash'] }, /"type" must be/],
    ];
    for (const [body, message] of cases) {
      const r = await s.api('POST', '/api/url/add', body);
      expect(r.status, r.text).toBe(400);
      expect(r.json).toEqual({ error: 1, message: expect.stringMatching(message) });
    }
    const linkId = (await s.api('POST', '/api/url/add', { url: 'https://example.com/u' })).json['id'];
    const update = await s.api('PUT', `/api/url/${String(linkId)}/update`, {
      parameters: ADD_LINK_EXAMPLE.parameters,
    });
    expect(update.status, update.text).toBe(400);
    expect(update.json['message']).toMatch(/"url" is required/);
  });
});
