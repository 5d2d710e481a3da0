import { describe, expect, it } from 'vitest';
import { domainAddress } from '../../../electron/backend/api/domains.js';
import { clientWith, failure, fixture, recordedFetch } from './support/recorded-fetch.js';

/*
 * Answers of real deployments (6.1–7.6) that the spec does not show: campaign names under three
 * keys, legacy `msg` errors, branded domains typed with a trailing slash, and pixel update and
 * delete (6.2 on), with the answers of services that do not have them.
 */

const campaignAnswer = (nameKey: 'name' | 'campaign' | 'domain', name: string, id = 3) =>
  JSON.stringify({
    error: 0,
    id,
    [nameKey]: name,
    public: true,
    rotator: false,
    list: `https://s.example.com/c/${id}`,
  });

describe('campaign names', () => {
  it.each(['name', 'campaign', 'domain'] as const)(
    'reads the name under `%s` in create and update answers',
    async (key) => {
      const created = recordedFetch({ body: campaignAnswer(key, 'Spring sale') });
      expect(await clientWith(created.fetch).campaigns.create({ name: 'Spring sale' })).toEqual({
        id: 3,
        name: 'Spring sale',
        public: true,
        rotator: null,
        list: 'https://s.example.com/c/3',
      });
      const updated = recordedFetch({ body: campaignAnswer(key, 'Autumn sale') });
      const campaign = await clientWith(updated.fetch).campaigns.update(3, { name: 'Autumn sale' });
      expect(campaign.name).toBe('Autumn sale');
    },
  );

  it('reads the name under any of the three keys in one list, the first non-empty text winning', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({
        error: '0',
        data: {
          result: 4,
          perpage: 15,
          currentpage: 1,
          nextpage: 0,
          maxpage: 1,
          campaigns: [
            { id: 1, name: 'By name', public: false, rotator: false, list: '' },
            { id: 2, campaign: 'By campaign', public: false, rotator: false, list: '' },
            { id: 3, domain: 'By domain', public: false, rotator: false, list: '' },
            { id: 4, name: '', campaign: ' ', domain: 'Last one with words', rotator: false },
          ],
        },
      }),
    });
    const page = await clientWith(fetch).campaigns.list();
    expect(page.items.map((c) => c.name)).toEqual([
      'By name',
      'By campaign',
      'By domain',
      'Last one with words',
    ]);
  });

  it('keeps the name that was sent when the answer names the campaign under no key', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({ error: 0, id: 8, public: false, rotator: false, list: '' }),
    });
    const client = clientWith(fetch);
    expect((await client.campaigns.update(8, { name: 'Kept' })).name).toBe('Kept');
    expect((await client.campaigns.create({ name: 'Sent' })).name).toBe('Sent');
    expect((await client.campaigns.create({})).name).toBe('');
  });
});

describe('legacy error answers', () => {
  it('shows the words of `msg` as it shows `message`', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({ error: 1, msg: 'Please enter a valid URL.' }),
    });
    const error = await failure(clientWith(fetch).links.create({ url: 'nope' }));
    expect(error).toMatchObject({ code: 'invalid-input', message: 'Please enter a valid URL.' });
    expect(error.message).not.toMatch(/without saying what it was/);
  });

  it('reads the code from the words of `msg` (a refused key, a missing object)', async () => {
    const key = recordedFetch({ body: JSON.stringify({ error: 1, msg: 'Invalid API key.' }) });
    expect(await failure(clientWith(key.fetch).account.get())).toMatchObject({
      code: 'unauthorized',
      message: 'Invalid API key.',
    });
    const gone = recordedFetch({ body: JSON.stringify({ error: '1', msg: 'Link not found.' }) });
    expect(await failure(clientWith(gone.fetch).links.delete(4))).toMatchObject({
      code: 'not-found',
      message: 'Link not found.',
    });
  });

  it('prefers `message` when both are there, and `msg` when `message` is empty', async () => {
    const both = recordedFetch({
      body: JSON.stringify({ error: 1, message: 'The new words.', msg: 'The old words.' }),
    });
    expect((await failure(clientWith(both.fetch).account.get())).message).toBe('The new words.');
    const empty = recordedFetch({
      body: JSON.stringify({ error: 1, message: '', msg: 'The old words.' }),
    });
    expect((await failure(clientWith(empty.fetch).account.get())).message).toBe('The old words.');
  });

  it('keeps `"error": 429` with `message` and Retry-After in the body as rate limiting', async () => {
    const { fetch } = recordedFetch({ body: fixture('error-429-in-body.json') });
    expect(await failure(clientWith(fetch).links.list())).toMatchObject({
      code: 'rate-limited',
      retryAfterMs: 30_000,
      message: 'You have exceeded the request limit. Try again later.',
    });
  });

  it('takes `"error": 429` with `msg` as rate limiting with those words', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({ error: 429, msg: 'Slow down.', 'Retry-After': 12 }),
    });
    expect(await failure(clientWith(fetch).links.list())).toMatchObject({
      code: 'rate-limited',
      retryAfterMs: 12_000,
      message: 'Slow down.',
    });
  });
});

describe('branded domains with a trailing slash', () => {
  it('stores and sends the domain without its trailing slashes, as services store it', () => {
    expect(domainAddress('https://go.example.com/')).toBe('https://go.example.com');
    expect(domainAddress(' https://go.example.com// ')).toBe('https://go.example.com');
    expect(domainAddress('http://go.example.com:8080/')).toBe('http://go.example.com:8080');
    expect(domainAddress('https://go.example.com')).toBe('https://go.example.com');
    // Not a bare domain: left as typed, for the service to refuse in its words.
    expect(domainAddress('https://go.example.com/path/')).toBe('https://go.example.com/path/');
    expect(domainAddress('https://')).toBe('https://');
  });

  it('sends the add without the slash and answers the domain as the service holds it', async () => {
    const { fetch, seen } = recordedFetch({ body: fixture('domain-created.json') });
    const domain = await clientWith(fetch).domains.create({ domain: 'https://go.brand.com/' });
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ domain: 'https://go.brand.com' });
    expect(domain.domain).toBe('https://go.brand.com');
  });
});

describe('pixel update and delete (6.2 and later)', () => {
  it('updates with PUT /api/pixel/:id/update, sending the name and the tag, and reads a bare confirmation', async () => {
    const { fetch, seen } = recordedFetch({
      body: JSON.stringify({ error: 0, message: 'Pixel has been updated successfully.' }),
    });
    const saved = await clientWith(fetch).pixels.update(5, { name: 'Shop', tag: 'GTM-ABC1234' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: 'https://short.example.com/api/pixel/5/update',
    });
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ name: 'Shop', tag: 'GTM-ABC1234' });
    expect(saved).toEqual({
      message: 'Pixel has been updated successfully.',
      name: 'Shop',
      tag: 'GTM-ABC1234',
    });
  });

  it('takes the name and tag the service answers (a canonical tag) over what was sent', async () => {
    const { fetch } = recordedFetch({
      body: JSON.stringify({
        error: 0,
        message: 'Updated.',
        id: 5,
        name: 'Shop',
        tag: 'GTM-ABC1234',
      }),
    });
    expect(
      await clientWith(fetch).pixels.update(5, { name: 'Shop', tag: 'gtm-abc1234' }),
    ).toMatchObject({ name: 'Shop', tag: 'GTM-ABC1234' });
  });

  it('deletes with DELETE /api/pixel/:id/delete', async () => {
    const { fetch, seen } = recordedFetch({
      body: JSON.stringify({ error: 0, message: 'Pixel has been deleted successfully.' }),
    });
    expect(await clientWith(fetch).pixels.delete(6)).toEqual({
      message: 'Pixel has been deleted successfully.',
    });
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: 'https://short.example.com/api/pixel/6/delete',
    });
  });

  const older = [
    [
      'the site’s HTML 404 page (6.1)',
      {
        status: 404,
        body: '<html><title>Page not found</title></html>',
        headers: { 'content-type': 'text/html' },
      },
    ],
    [
      'a JSON 404 that names no object',
      { status: 404, body: JSON.stringify({ error: 1, message: 'Not Found' }) },
    ],
    [
      'a JSON 404 naming the missing endpoint',
      {
        status: 404,
        body: JSON.stringify({
          error: 1,
          message: 'There is no endpoint PUT /api/pixel/5/update.',
        }),
      },
    ],
    [
      'a JSON 405',
      { status: 405, body: JSON.stringify({ error: 1, message: 'Method Not Allowed' }) },
    ],
    ['an empty 405', { status: 405, body: '' }],
  ] as const;

  it.each(older)('says in words that editing is not offered, on %s', async (_label, answer) => {
    const { fetch } = recordedFetch(answer);
    const error = await failure(clientWith(fetch).pixels.update(5, { name: 'x', tag: 'y' }));
    expect(error).toMatchObject({ code: 'invalid-input', status: answer.status });
    expect(error.message).toBe(
      `This service does not offer editing pixels (it answered ${answer.status} to PUT /api/pixel/5/update). It may be an older version.`,
    );
  });

  it.each(older)(
    'says in words that deleting is not offered (never "already gone"), on %s',
    async (_label, answer) => {
      const { fetch } = recordedFetch(answer);
      const error = await failure(clientWith(fetch).pixels.delete(7));
      expect(error.code).toBe('invalid-input');
      expect(error.message).toBe(
        `This service does not offer deleting pixels (it answered ${answer.status} to DELETE /api/pixel/7/delete). It may be an older version.`,
      );
    },
  );

  it('keeps a 404 about the pixel itself as not-found (a delete of it is then done)', async () => {
    const { fetch } = recordedFetch({
      status: 404,
      body: JSON.stringify({ error: 1, message: 'Pixel was not found.' }),
    });
    expect(await failure(clientWith(fetch).pixels.delete(7))).toMatchObject({
      code: 'not-found',
      message: 'Pixel was not found.',
    });
    const said = recordedFetch({
      body: JSON.stringify({ error: 1, msg: 'Pixel does not exist.' }),
    });
    expect(
      await failure(clientWith(said.fetch).pixels.update(7, { name: 'x', tag: 'y' })),
    ).toMatchObject({
      code: 'not-found',
      message: 'Pixel does not exist.',
    });
  });

  it('refuses an id that is no whole number before sending anything', async () => {
    const { fetch, seen } = recordedFetch({ body: '{}' });
    expect(await failure(clientWith(fetch).pixels.delete(0))).toMatchObject({
      code: 'invalid-input',
    });
    expect(seen).toHaveLength(0);
  });
});
