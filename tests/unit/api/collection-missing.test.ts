import { describe, expect, it } from 'vitest';
import { interpretAnswer } from '../../../electron/backend/api/answer.js';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { isCollectionMissing } from '../../../electron/backend/api/not-offered.js';

/*
 * Which answers to a list request mean "this service has no such collection" (issue 14): each
 * answer is read by the API client's own answer parser, as it would arrive over HTTP.
 */

const PAGE =
  '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>';

function failureOf(status: number, body: string, contentType = 'application/json'): unknown {
  try {
    interpretAnswer(
      { status, statusText: '', headers: new Headers({ 'content-type': contentType }) },
      body,
      undefined,
      'listing branded domains',
    );
  } catch (error) {
    return error;
  }
  throw new Error('the answer was taken for a success');
}

const json = (value: unknown) => JSON.stringify(value);

describe('a list answer read as "not offered by this service"', () => {
  const missing: [string, unknown][] = [
    ['an HTML 404 page', failureOf(404, PAGE, 'text/html')],
    ['an HTML page with HTTP 200 where JSON was expected', failureOf(200, PAGE, 'text/html')],
    ['text with HTTP 200', failureOf(200, 'Not here', 'text/plain')],
    ['an empty 404', failureOf(404, '', 'text/html')],
    [
      'a JSON 404 "Endpoint not found."',
      failureOf(404, json({ error: 1, message: 'Endpoint not found.' })),
    ],
    ['a JSON 404 that names nothing', failureOf(404, json({ error: 1, message: 'Not found' }))],
    ['a JSON 405', failureOf(405, json({ error: 1, message: 'Method not allowed.' }))],
    ['an HTML 405', failureOf(405, PAGE, 'text/html')],
    ['a 501', failureOf(501, json({ error: 1, message: 'Not implemented' }))],
    [
      '"Unknown endpoint" with HTTP 200',
      failureOf(200, json({ error: 1, message: 'Unknown endpoint' })),
    ],
    [
      '"Invalid API endpoint" with HTTP 400',
      failureOf(400, json({ error: 1, msg: 'Invalid API endpoint.' })),
    ],
    [
      '"The route /api/domains does not exist" with 200',
      failureOf(200, json({ error: 1, message: 'The route /api/domains does not exist.' })),
    ],
  ];
  for (const [what, error] of missing) {
    it(`reads ${what} as not offered`, () => {
      expect(error).toBeInstanceOf(ApiClientError);
      expect(isCollectionMissing(error, 'domain')).toBe(true);
    });
  }

  const others: [string, unknown][] = [
    [
      'a 503 gateway page (an outage)',
      failureOf(503, '<html><title>503</title></html>', 'text/html'),
    ],
    ['a JSON 500', failureOf(500, json({ error: 1, message: 'Internal error' }))],
    [
      'a 401 (the key)',
      failureOf(401, json({ error: 1, message: 'A valid API key is required.' })),
    ],
    ['a 403 page', failureOf(403, PAGE, 'text/html')],
    ['a 429 (the rate limit)', failureOf(429, json({ error: 429, message: 'Too many requests' }))],
    [
      'a JSON 404 about the object ("No domains found")',
      failureOf(404, json({ error: 1, message: 'No domains found.' })),
    ],
    ['an empty 200 (a glitch, not a page)', failureOf(200, '', 'text/html')],
    [
      'a refusal in words with HTTP 200',
      failureOf(200, json({ error: 1, message: 'Please enter a valid domain.' })),
    ],
    ['a timeout', new ApiClientError('offline', 'The service did not answer within 30 s.')],
    ['a refused connection', new ApiClientError('offline', 'Connection refused.')],
    ['a plain Error', new Error('boom')],
  ];
  for (const [what, error] of others) {
    it(`does not read ${what} as not offered`, () => {
      expect(isCollectionMissing(error, 'domain')).toBe(false);
    });
  }
});
