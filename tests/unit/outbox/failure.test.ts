import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import {
  classify,
  errorInfo,
  isNotOffered,
  mayHaveReached,
  saysAlreadyExists,
} from '../../../electron/backend/outbox/failure.js';
import {
  collated,
  identitiesOf,
  sameName,
  shortUrlFor,
} from '../../../electron/backend/outbox/lost-answer.js';

const answered = (
  code: ConstructorParameters<typeof ApiClientError>[0],
  message: string,
  status: number,
  details = {},
) =>
  new ApiClientError(code, message, {
    status,
    details: { request: 'POST /api/channel/add', ...details },
  });

describe('what a failed attempt means', () => {
  it('takes a route the service does not offer for a failure for good, in words', () => {
    const page = answered(
      'remote-error',
      'While creating a channel, the service failed with HTTP 404 …',
      404,
      {
        routeMissing: true,
      },
    );
    expect(classify(page, 'channel.create')).toBe('permanent');
    expect(errorInfo(page, 'channel.create')).toEqual({
      code: 'invalid-input',
      message:
        'This service does not offer creating channels (it answered 404 to POST /api/channel/add). It may be an older version.',
      key: 'errors.outbox.notOfferedTo',
      params: { offering: 'channelCreate', answer: 'status', status: 404, request: 'POST /api/channel/add' },
    });
    const json = answered('not-found', 'Endpoint not found.', 404);
    expect(isNotOffered(json, 'channel.create')).toBe(true);
    expect(errorInfo(json, 'channel.delete').message).toMatch(
      /^This service does not offer deleting channels \(it answered 404/,
    );
    const inPage = answered('remote-error', 'a web page instead of JSON', 200, {
      routeMissing: true,
    });
    expect(errorInfo(inPage, 'channel.assign').message).toBe(
      'This service does not offer adding items to channels (it answered a web page with HTTP 200 to POST /api/channel/add). It may be an older version.',
    );
  });

  it('keeps a JSON 404 about the object for the object (a delete of something gone is done)', () => {
    const gone = answered('not-found', 'Link not found', 404);
    expect(isNotOffered(gone, 'link.delete')).toBe(false);
    expect(
      isNotOffered(answered('not-found', 'The channel does not exist.', 404), 'channel.delete'),
    ).toBe(false);
    expect(classify(gone, 'link.delete')).toBe('permanent');
  });

  it('refusals are for good, what may pass is tried again', () => {
    expect(classify(answered('remote-error', "I'm a teapot", 418))).toBe('permanent');
    expect(classify(answered('remote-error', 'Request Timeout', 408))).toBe('transient');
    expect(classify(answered('remote-error', 'Bad gateway', 502))).toBe('transient');
    expect(classify(answered('rate-limited', 'Slow down', 429))).toBe('transient');
    expect(
      classify(new ApiClientError('offline', 'No answer', { details: { timeout: true } })),
    ).toBe('offline');
  });

  it('knows when a request may have reached the service', () => {
    const refused = new ApiClientError('offline', 'refused', {
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    });
    const reset = new ApiClientError('offline', 'reset', {
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }),
    });
    expect(mayHaveReached(refused, 'offline')).toBe(false);
    expect(mayHaveReached(reset, 'offline')).toBe(true);
    expect(
      mayHaveReached(
        new ApiClientError('offline', 'timeout', { details: { timeout: true } }),
        'offline',
      ),
    ).toBe(true);
    expect(mayHaveReached(answered('remote-error', 'Gateway Timeout', 504), 'transient')).toBe(
      true,
    );
    expect(mayHaveReached(answered('rate-limited', 'Slow down', 429), 'transient')).toBe(false);
  });

  it('recognises "already exists" refusals', () => {
    expect(
      saysAlreadyExists(
        answered('invalid-input', 'You already have a campaign with that name.', 200),
      ),
    ).toBe(true);
    expect(
      saysAlreadyExists(
        answered('invalid-input', 'That alias is taken. Please choose another one.', 200),
      ),
    ).toBe(true);
    expect(
      saysAlreadyExists(answered('invalid-input', 'This domain is already in use.', 200)),
    ).toBe(true);
    expect(saysAlreadyExists(answered('invalid-input', 'Please enter a valid URL.', 200))).toBe(
      false,
    );
  });
});

describe('look-ups compare as the service does', () => {
  it('names: case, accents and outer spaces do not count', () => {
    expect(sameName('Spring Sale', 'spring SALE  ')).toBe(true);
    expect(sameName('Café', 'cafe')).toBe(true);
    expect(sameName('Spring', 'Spring sale')).toBe(false);
    expect(collated('  Äb ')).toBe('ab');
  });

  it('short URLs: the full address, on the branded domain or under the base URL', () => {
    expect(shortUrlFor({ url: 'https://x.test', custom: 'promo' }, 'https://sho.rt/')).toBe(
      'https://sho.rt/promo',
    );
    expect(
      shortUrlFor(
        { url: 'https://x.test', custom: 'promo', domain: 'https://go.brand.test/' },
        'https://sho.rt',
      ),
    ).toBe('https://go.brand.test/promo');
    expect(
      shortUrlFor(
        { url: 'https://x.test', custom: 'promo', domain: 'go.brand.test' },
        'https://sho.rt',
      ),
    ).toBe('https://go.brand.test/promo');
  });

  it('creates a look-up could mistake for each other share an identity', () => {
    const a = identitiesOf({ kind: 'campaign.create', input: { name: 'Q3 ' } });
    const b = identitiesOf({ kind: 'campaign.create', input: { name: 'q3' } });
    expect(a).toEqual(b);
    expect(
      identitiesOf({ kind: 'domain.create', input: { domain: 'https://Go.Brand.test/' } }),
    ).toEqual(identitiesOf({ kind: 'domain.create', input: { domain: 'https://go.brand.test' } }));
  });
});
