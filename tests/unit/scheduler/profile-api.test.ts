import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/backend/api/client.js';
import { createProfileApi } from '../../../electron/backend/scheduler/profile-api.js';
import { createScheduler } from '../../../electron/backend/scheduler/scheduler.js';
import { FakeClock, settle } from './support/fake-clock.js';
import { ScriptedServer } from './support/scripted-server.js';

function setup(
  options: ConstructorParameters<typeof ScriptedServer>[0] extends infer O
    ? Omit<O, 'clock'>
    : never = {},
  defaultLimit?: number,
) {
  const clock = new FakeClock();
  const server = new ScriptedServer({ clock, ...options });
  const seen: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push({
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
    });
    return server.fetch(input, init);
  };
  const client = createApiClient({
    baseUrl: 'https://s.test',
    apiKey: () => 'k',
    fetch,
    now: clock.now,
    timers: clock,
  });
  const scheduler = createScheduler({ clock, random: () => 0, ...(defaultLimit ? { defaultLimit } : {}) });
  const api = createProfileApi({ client, scheduler });
  return { clock, server, seen, api, scheduler };
}

describe('profile API (client + scheduler)', () => {
  it('coalesces identical reads, whatever the order of their query fields', async () => {
    const { clock, seen, api } = setup();
    const a = api.links.list({ page: 1, limit: 5 });
    const b = api.links.list({ limit: 5, page: 1 }, { priority: 'background' });
    const c = api.links.list({ page: 2, limit: 5 });
    await clock.advance(1_000);
    const [pa, pb] = await Promise.all([a, b, c]);
    expect(pa).toBe(pb);
    expect(seen.map((r) => r.path)).toEqual([
      '/api/urls?limit=5&page=1',
      '/api/urls?limit=5&page=2',
    ]);
  });

  it('never coalesces writes', async () => {
    const { clock, seen, api } = setup();
    const a = api.links.create({ url: 'https://example.com' });
    const b = api.links.create({ url: 'https://example.com' });
    await clock.advance(1_000);
    await Promise.all([a, b]);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('feeds the rate headers of every answer to the scheduler', async () => {
    const { clock, api, scheduler } = setup({ limit: 60, preSpent: 50 });
    const account = api.account.get();
    await clock.advance(1_000);
    await account;
    expect(scheduler.state()).toMatchObject({ limit: 60, remaining: 9 });
  });

  it('calls onSend when the queue lets a call out, not while it waits; a throw there stops it', async () => {
    // One request a minute: the second create waits in the queue.
    const { clock, seen, api } = setup({ limit: 1 }, 1);
    const sent: string[] = [];
    const first = api.links.create({ url: 'https://example.com/1' }, { onSend: () => sent.push('1') });
    const waiting = new AbortController();
    const second = api.links.create(
      { url: 'https://example.com/2' },
      { onSend: () => sent.push('2'), signal: waiting.signal },
    );
    await clock.advance(1_000);
    await first;
    expect(sent).toEqual(['1']);
    // Cancelled while it waits for budget: it never leaves, so onSend is never called.
    waiting.abort(new DOMException('stopped', 'AbortError'));
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    const refused = api.links.create(
      { url: 'https://example.com/3' },
      {
        onSend: () => {
          throw new DOMException('withdrawn', 'AbortError');
        },
      },
    );
    const outcome = refused.then(() => 'sent', (error: Error) => error.name);
    await clock.advance(120_000);
    expect(await outcome).toBe('AbortError');
    expect(sent).toEqual(['1']);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('repeats a POST refused with 429 under the same Idempotency-Key, after the pause', async () => {
    const start = new FakeClock().now();
    const { clock, seen, api } = setup({ storm: { until: start + 1_000, retryAfterSeconds: 3 } });
    const created = api.links.create({ url: 'https://example.com' });
    await clock.advance(1_000);
    expect(seen).toHaveLength(1);
    await clock.runUntil(() => seen.length === 2, 120_000);
    await clock.advance(1_000);
    expect((await created).id).toBe(1);
    expect(seen[1]?.idempotencyKey).toBe(seen[0]?.idempotencyKey);
  });

  it('passes a caller-supplied Idempotency-Key through', async () => {
    const { clock, seen, api } = setup();
    const created = api.links.create(
      { url: 'https://example.com' },
      { idempotencyKey: 'outbox-entry-9' },
    );
    await clock.advance(1_000);
    await created;
    expect(seen[0]?.idempotencyKey).toBe('outbox-entry-9');
  });

  it('opens a link as a user action and refreshes lists as views by default', async () => {
    const { clock, api, scheduler } = setup();
    // Fill the queue so that nothing leaves, then look at where each call waits.
    const blockers = Array.from({ length: 40 }, (_, i) =>
      api.links.list({ page: i + 1 }, { priority: 'background' }),
    );
    await settle();
    const before = scheduler.state();
    expect(before.inFlight).toBe(3);
    // The slot kept for the user takes the link being opened at once...
    const open = api.links.get(5);
    expect(scheduler.state()).toMatchObject({ inFlight: 4, queued: { user: 0 } });
    // ...while a list refresh waits in the view line (ahead of the background backlog).
    const view = api.channels.list();
    expect(scheduler.state()).toMatchObject({
      inFlight: 4,
      queued: { view: 1, background: before.queued.background },
    });
    await clock.runUntil(() => false, 5 * 60_000, 5_000);
    await Promise.all([open, view, ...blockers]);
  });

  it('aborts the HTTP request when the view that asked goes away', async () => {
    const { clock, api, server } = setup();
    const view = new AbortController();
    const call = api.links.get(3, { signal: view.signal });
    await settle();
    expect(server.arrivals).toHaveLength(1);
    view.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await clock.advance(1_000);
  });

  it('stops reporting and rejects queued calls when closed', async () => {
    const { api } = setup();
    const calls = Array.from({ length: 5 }, (_, i) => api.links.list({ page: i + 1 }));
    api.close();
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
