import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

describe('local service: authentication, errors and safe retries', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService({ rateLimit: 5 });
  });
  afterAll(() => s.close());

  it('refuses a request without a key with JSON 401', async () => {
    const r = await s.api('GET', '/api/account', undefined, { key: null });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: 1, message: expect.stringContaining('API key is required') });
  });

  it('refuses an unknown key and a malformed Authorization header', async () => {
    expect((await s.api('GET', '/api/account', undefined, { key: 'nope' })).status).toBe(401);
    const r = await s.api('GET', '/api/account', undefined, { key: null, headers: { Authorization: 'Basic abc' } });
    expect(r.status).toBe(401);
    expect(r.json['message']).toMatch(/Bearer/);
  });

  it('answers unknown /api routes with a JSON 404 naming the route', async () => {
    const r = await s.api('GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 1, message: 'There is no endpoint GET /api/nothing-here.' });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const r = await s.api('POST', '/api/channel/add', undefined, { rawBody: '{"name": ' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 1, message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 1 MB with 413 and a message', async () => {
    const r = await s.api('POST', '/api/channel/add', { name: 'x'.repeat(1024 * 1024 + 10) });
    expect(r.status).toBe(413);
    expect(r.json['message']).toMatch(/1 MB/);
  });
});

describe('local service: rate limit', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService({ rateLimit: 3 });
  });
  afterAll(() => s.close());

  it('counts down X-RateLimit-Remaining, then answers 429 with Retry-After and the JSON error', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await s.api('GET', '/api/account');
      expect(r.headers.get('x-ratelimit-limit')).toBe('3');
      seen.push(r.headers.get('x-ratelimit-remaining') as string);
    }
    expect(seen).toEqual(['2', '1', '0']);
    const r = await s.api('GET', '/api/account');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    const reset = Number(r.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    // The body real deployments send: third-party clients test `error == 429`.
    expect(r.json).toEqual({ error: 429, message: expect.stringMatching(/Too many requests/), 'Retry-After': Number(r.headers.get('retry-after')) });
  });
});
