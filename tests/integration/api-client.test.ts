import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../electron/backend/api/client.js';
import { ApiClientError } from '../../electron/backend/api/errors.js';
import type { RateInfo } from '../../electron/backend/api/rate-info.js';
import { createProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createScheduler, type Scheduler } from '../../electron/backend/scheduler/scheduler.js';
import { FakeClock } from '../unit/scheduler/support/fake-clock.js';
import { startTestService, type TestService } from '../support/service.js';

/** Runs `call` and returns what it threw. */
async function failure(call: Promise<unknown>): Promise<ApiClientError> {
  try {
    await call;
  } catch (error) {
    return error as ApiClientError;
  }
  throw new Error('Expected the call to fail');
}

describe('API client against the local service', () => {
  let service: TestService;
  let client: ApiClient;

  beforeAll(async () => {
    service = await startTestService();
    client = createApiClient({ baseUrl: service.url, apiKey: () => service.key });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('reads and updates the account', async () => {
    const account = await client.account.get();
    expect(account).toMatchObject({
      id: expect.any(Number),
      email: 'you@localhost',
      status: expect.any(String),
    });
    expect(
      (
        await client.account.update({
          email: 'jane@example.com',
          password: 'a long enough password',
        })
      ).message,
    ).not.toBe('');
    expect((await client.account.get()).email).toBe('jane@example.com');
    const bad = await failure(client.account.update({ email: 'not an address' }));
    expect(bad.code).toBe('invalid-input');
    expect(bad.message).toMatch(/email/);
  });

  it('creates a link with many fields and reads it back', async () => {
    const created = await client.links.create({
      url: 'https://example.com/spring?x=1',
      custom: 'spring-sale',
      description: 'Spring campaign landing page',
      expiry: '2040-05-01 10:00:00',
      geoTarget: [{ location: 'DE', link: 'https://example.de/spring' }],
      deviceTarget: [{ device: 'iphone', link: 'https://example.com/ios' }],
      metaTitle: 'Spring sale',
      status: 'public',
      parameters: [{ name: 'utm_source', value: 'linkdeck' }],
    });
    expect(created.shortUrl).toBe(`${service.url}/spring-sale`);

    const link = await client.links.get(created.id);
    expect(link).toMatchObject({
      id: created.id,
      alias: 'spring-sale',
      shortUrl: created.shortUrl,
      longUrl: 'https://example.com/spring?x=1',
      description: 'Spring campaign landing page',
      expiry: '2040-05-01 10:00:00',
      device: { iphone: 'https://example.com/ios' },
      stats: { clicks: 0, uniqueClicks: 0 },
    });
    expect(Object.values(link.location)).toEqual(['https://example.de/spring']);

    const found = await client.links.getByShort(created.shortUrl);
    expect(found).toMatchObject({ id: created.id, alias: 'spring-sale', clicks: 0 });
    expect(await client.links.getByShort(`${service.url}/no-such-alias`)).toBeNull();

    const updated = await client.links.update(created.id, {
      url: 'https://example.com/summer',
      metaTitle: 'Summer',
    });
    expect(updated).toEqual({ id: created.id, shortUrl: created.shortUrl });
    expect((await client.links.get(created.id)).longUrl).toBe('https://example.com/summer');

    const search = await client.links.list({ q: 'summer' });
    expect(search.items.map((l) => l.id)).toContain(created.id);

    expect((await client.links.delete(created.id)).message).not.toBe('');
    expect(await failure(client.links.get(created.id))).toMatchObject({ code: 'not-found' });
  });

  it('maps the service errors to codes, with its messages', async () => {
    const unsafe = await failure(client.links.create({ url: 'javascript:alert(1)' }));
    expect(unsafe).toMatchObject({ code: 'invalid-input', status: 400 });
    expect(unsafe.message).toMatch(/javascript/);
    await client.links.create({ url: 'https://example.com/a', custom: 'taken-alias' });
    expect(
      await failure(client.links.create({ url: 'https://example.com/b', custom: 'taken-alias' })),
    ).toMatchObject({ code: 'invalid-input' });
    expect(await failure(client.links.get(999_999))).toMatchObject({
      code: 'not-found',
      status: 404,
    });
  });

  it('pages through links 100 at a time', async () => {
    const before = (await client.links.list({ limit: 1 })).total;
    for (let i = 0; i < 105 - before; i++)
      await client.links.create({ url: `https://example.com/page/${i}` });
    const first = await client.links.list({ limit: 100 });
    expect(first).toMatchObject({ total: 105, perPage: 100, page: 1, maxPage: 2, hasNext: true });
    expect(first.items).toHaveLength(100);
    const second = await client.links.list({ limit: 100, page: 2 });
    expect(second).toMatchObject({ total: 105, page: 2, hasNext: false });
    expect(second.items).toHaveLength(5);
    const ids = new Set([...first.items, ...second.items].map((l) => l.id));
    expect(ids.size).toBe(105);
    // Asking for more than the maximum gets what the service allows, and says so.
    expect((await client.links.list({ limit: 500 })).perPage).toBe(100);
  });

  it('sends a POST twice under one Idempotency-Key and creates one link', async () => {
    const before = (await client.links.list({ limit: 1 })).total;
    const a = await client.links.create(
      { url: 'https://example.com/once' },
      { idempotencyKey: 'integration-once' },
    );
    const b = await client.links.create(
      { url: 'https://example.com/once' },
      { idempotencyKey: 'integration-once' },
    );
    expect(b).toEqual(a);
    expect((await client.links.list({ limit: 1 })).total).toBe(before + 1);
  });

  it('round-trips channels', async () => {
    const channel = await client.channels.create({
      name: 'Newsletter',
      description: 'Weekly links',
      color: '#336699',
      starred: true,
    });
    expect(channel).toMatchObject({
      name: 'Newsletter',
      description: 'Weekly links',
      color: '#336699',
      starred: true,
    });
    expect((await client.channels.list()).items.map((c) => c.id)).toContain(channel.id);
    await client.channels.update(channel.id, { name: 'Weekly newsletter', starred: false });
    expect((await client.channels.list()).items.find((c) => c.id === channel.id)).toMatchObject({
      name: 'Weekly newsletter',
      starred: false,
    });

    const link = await client.links.create({ url: 'https://example.com/in-channel' });
    expect((await client.channels.assign(channel.id, 'links', link.id)).message).not.toBe('');
    const items = await client.channels.items(channel.id);
    expect(items.items).toEqual([
      expect.objectContaining({ type: 'links', id: link.id, link: link.shortUrl }),
    ]);
    expect(items.items[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await failure(client.channels.assign(channel.id, 'bio', link.id))).toMatchObject({
      code: 'invalid-input',
    });

    await client.channels.delete(channel.id);
    expect((await client.channels.list()).items.map((c) => c.id)).not.toContain(channel.id);
  });

  it('round-trips campaigns (name under `domain` in the answers)', async () => {
    const campaign = await client.campaigns.create({
      name: 'Black Friday',
      slug: 'black-friday',
      public: true,
    });
    expect(campaign).toEqual({
      id: expect.any(Number),
      name: 'Black Friday',
      public: true,
      rotator: `${service.url}/r/black-friday`,
      list: expect.stringContaining(service.url),
    });
    const plain = await client.campaigns.create({ name: 'No rotator' });
    expect(plain.rotator).toBeNull();
    expect((await client.campaigns.list()).items.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Black Friday', 'No rotator']),
    );

    const updated = await client.campaigns.update(campaign.id, {
      name: 'Cyber Monday',
      public: false,
    });
    expect(updated).toMatchObject({ id: campaign.id, name: 'Cyber Monday', public: false });
    const link = await client.links.create({ url: 'https://example.com/deal' });
    expect((await client.campaigns.assign(campaign.id, link.id)).message).not.toBe('');
    await client.campaigns.delete(campaign.id);
    expect((await client.campaigns.list()).items.map((c) => c.id)).not.toContain(campaign.id);
  });

  it('round-trips branded domains', async () => {
    const domain = await client.domains.create({
      domain: 'https://go.linkdeck.test',
      redirectRoot: 'https://linkdeck.test',
    });
    expect(domain).toMatchObject({
      domain: 'https://go.linkdeck.test',
      redirectRoot: 'https://linkdeck.test',
    });
    expect((await client.domains.list()).items.find((d) => d.id === domain.id)).toMatchObject({
      domain: 'https://go.linkdeck.test',
      redirectRoot: 'https://linkdeck.test',
    });
    await client.domains.update(domain.id, { redirect404: 'https://linkdeck.test/404' });
    expect((await client.domains.list()).items.find((d) => d.id === domain.id)?.redirect404).toBe(
      'https://linkdeck.test/404',
    );
    await client.domains.delete(domain.id);
    expect((await client.domains.list()).items.map((d) => d.id)).not.toContain(domain.id);
  });

  it('creates and lists pixels', async () => {
    const pixel = await client.pixels.create({
      type: 'gapixel',
      name: 'Analytics',
      tag: 'G-ABCDE12345',
    });
    expect(pixel).toMatchObject({
      id: expect.any(Number),
      type: 'gapixel',
      name: 'Analytics',
      tag: 'G-ABCDE12345',
    });
    expect((await client.pixels.list()).items).toContainEqual(pixel);
    expect(
      await failure(client.pixels.create({ type: 'gapixel', name: 'Bad', tag: 'not a tag' })),
    ).toMatchObject({ code: 'invalid-input' });
  });

  it('lists overlays and splash pages', async () => {
    const overlays = await client.overlays.list();
    expect(overlays.total).toBe(2);
    expect(overlays.items.map((o) => o.type).sort()).toEqual(['contact', 'message']);
    const splash = await client.splash.list();
    expect(splash.total).toBe(2);
    expect(splash.items.every((s) => s.name !== '' && s.id > 0)).toBe(true);
  });

  it('reports a bad key as unauthorized, tries the Token scheme once and does not keep it', async () => {
    const learned: string[] = [];
    const stranger = createApiClient({
      baseUrl: service.url,
      apiKey: () => 'not-a-real-key',
      onAuthSchemeLearned: (s) => learned.push(s),
    });
    const error = await failure(stranger.account.get());
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(error.message).not.toContain('not-a-real-key');
    expect(learned).toEqual([]);
    expect(stranger.authScheme).toBe('Bearer');
  });
});

describe('rate limiting against the local service', () => {
  it('raises rate-limited with the wait the service asks for, when called without the scheduler', async () => {
    const service = await startTestService({ rateLimit: 5 });
    try {
      const infos: RateInfo[] = [];
      const client = createApiClient({
        baseUrl: service.url,
        apiKey: () => service.key,
        onRateInfo: (i) => infos.push(i),
      });
      for (let i = 0; i < 5; i++) await client.overlays.list();
      const error = await failure(client.overlays.list());
      expect(error.code).toBe('rate-limited');
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.retryAfterMs).toBeLessThanOrEqual(61_000);
      expect(infos.map((i) => i.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
      expect(infos.at(-1)).toMatchObject({ limit: 5, rateLimited: true });
    } finally {
      await service.close();
    }
  });

  it('never gets a 429 through the scheduler, waiting for the window instead (simulated time)', async () => {
    // The service's rate limiter and the scheduler share one simulated clock; HTTP is real.
    const clock = new FakeClock(Date.now());
    const service = await startTestService({ rateLimit: 5, now: clock.now });
    const infos: RateInfo[] = [];
    let scheduler: Scheduler | undefined;
    try {
      const client = createApiClient({
        baseUrl: service.url,
        apiKey: () => service.key,
        now: clock.now,
        onRateInfo: (i) => infos.push(i),
      });
      scheduler = createScheduler({ clock, random: () => 0.5 });
      const api = createProfileApi({ client, scheduler });
      const idle = whenIdle(scheduler);
      const results = Array.from({ length: 8 }, (_, i) =>
        api.overlays.list({ page: 1, limit: i + 1 }),
      );
      let done = false;
      void Promise.all(results).then(() => (done = true));
      const start = clock.now();
      // Time moves only while no request is on the wire, so simulated seconds never pass mid-request.
      for (let step = 0; step < 300 && !done; step++) {
        await idle();
        await clock.advance(1_000);
      }
      const pages = await Promise.all(results);
      expect(pages.map((p) => p.items.length)).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
      expect(infos.filter((i) => i.rateLimited)).toEqual([]);
      expect(infos).toHaveLength(8);
      expect(scheduler.state().limit).toBe(5);
      // Five fit in the first window; the other three waited for the next one.
      expect(clock.now() - start).toBeGreaterThanOrEqual(60_000);
    } finally {
      scheduler?.close();
      await service.close();
    }
  });
});

/** Resolves when the scheduler has nothing in flight (from its published state, no polling). */
function whenIdle(scheduler: Scheduler): () => Promise<void> {
  let idle = true;
  let waiting: (() => void) | undefined;
  scheduler.subscribe((state) => {
    idle = state.inFlight === 0;
    if (idle && waiting) {
      waiting();
      waiting = undefined;
    }
  });
  return () => (idle ? Promise.resolve() : new Promise<void>((resolve) => (waiting = resolve)));
}
