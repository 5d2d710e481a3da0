import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/backend/api/client.js';
import {
  createProfileApi,
  type ProfileApi,
} from '../../../electron/backend/scheduler/profile-api.js';
import { createScheduler } from '../../../electron/backend/scheduler/scheduler.js';
import type { Priority } from '../../../electron/shared/models.js';
import { FakeClock } from './support/fake-clock.js';
import { ScriptedServer, seeded, type ScriptedServerOptions } from './support/scripted-server.js';

const MINUTE = 60_000;

function setup(server: Omit<ScriptedServerOptions, 'clock'> = {}) {
  const clock = new FakeClock();
  const scripted = new ScriptedServer({ clock, ...server });
  const client = createApiClient({
    baseUrl: 'https://s.test',
    apiKey: () => 'test-key',
    fetch: scripted.fetch,
    now: clock.now,
    timers: clock,
    random: () => 0.5,
  });
  const scheduler = createScheduler({ clock, random: seeded(7) });
  const api = createProfileApi({ client, scheduler });
  return { clock, server: scripted, api, scheduler };
}

const done = new WeakSet<Promise<unknown>>();
/** Whether every promise has settled (tracked without awaiting, so the fake clock can drive them). */
function settled(promises: Promise<unknown>[]): boolean {
  for (const p of promises) {
    if (!done.has(p)) {
      p.then(
        () => done.add(p),
        () => done.add(p),
      );
      return false;
    }
  }
  return true;
}

interface Tracked {
  priority: Priority;
  issuedAt: number;
  doneAt?: number;
  failed?: unknown;
}

/** Issues one call of the given priority, remembering when it was asked for and when it ended. */
function issue(
  api: ProfileApi,
  clock: FakeClock,
  log: Tracked[],
  priority: Priority,
  n: number,
): void {
  const entry: Tracked = { priority, issuedAt: clock.now() };
  log.push(entry);
  const call =
    priority === 'user'
      ? n % 2 === 0
        ? api.links.create({ url: `https://example.com/${n}` })
        : api.links.get(1 + (n % 5))
      : priority === 'clipboard'
        ? api.links.getByShort(`https://s.test/a${n}`, { priority: 'clipboard' })
        : priority === 'view'
          ? api.links.list({ page: 1 + (n % 3) })
          : api.links.list({ page: 100 + n }, { priority: 'background' });
  call.then(
    () => (entry.doneAt = clock.now()),
    (error: unknown) => {
      entry.failed = error;
      entry.doneAt = clock.now();
    },
  );
}

describe('scheduler against a scripted server', () => {
  it('runs ten simulated minutes of mixed traffic without exceeding the budget', async () => {
    const { clock, server, api } = setup();
    const random = seeded(42);
    const log: Tracked[] = [];
    let n = 0;
    // About 40 requests a minute are asked for, more than the 30 the server allows.
    for (let second = 0; second < 600; second++) {
      const r = random();
      if (r < 0.35) issue(api, clock, log, 'background', n++);
      else if (r < 0.55) issue(api, clock, log, 'view', n++);
      else if (r < 0.6) issue(api, clock, log, 'clipboard', n++);
      else if (r < 0.67) issue(api, clock, log, 'user', n++);
      await clock.advance(1_000);
    }
    const sentInTenMinutes = server.arrivals.length;
    await clock.runUntil(() => log.every((e) => e.doneAt !== undefined), 30 * MINUTE, 5_000);

    expect(server.refused).toBe(0);
    expect(server.maxInAnyWindow(MINUTE)).toBeLessThanOrEqual(30);
    expect(log.filter((e) => e.failed !== undefined)).toEqual([]);
    expect(log.every((e) => e.doneAt !== undefined)).toBe(true);
    // Conservative, but not wasteful: near the 300 an ideal client could send in ten minutes.
    expect(sentInTenMinutes).toBeGreaterThanOrEqual(260);
    // A person's actions do not wait behind the backlog of sync.
    const waits = (p: Priority) =>
      log.filter((e) => e.priority === p).map((e) => (e.doneAt as number) - e.issuedAt);
    const user = waits('user');
    expect(user.length).toBeGreaterThan(20);
    expect(Math.max(...user)).toBeLessThan(MINUTE);
    const median = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    expect(median(user)).toBeLessThan(1_000);
    expect(median(waits('background'))).toBeGreaterThan(median(user));
  });

  it('follows a server that reports a higher limit', async () => {
    const { clock, server, api, scheduler } = setup({ limit: 60 });
    const calls = Array.from({ length: 120 }, (_, i) =>
      api.links.list({ page: i + 1 }, { priority: 'background' }),
    );
    await clock.advance(65_000);
    expect(scheduler.state().limit).toBe(60);
    // More than the default 30 went out in the first minute, and never more than 60 per minute.
    expect(server.accepted).toBeGreaterThan(40);
    await clock.runUntil(() => settled(calls), 10 * MINUTE);
    await Promise.all(calls);
    expect(server.refused).toBe(0);
    expect(server.maxInAnyWindow(MINUTE)).toBeLessThanOrEqual(60);
  });

  it('follows a server that reports a lower limit at once', async () => {
    const { clock, server, api } = setup({ limit: 10 });
    const calls = Array.from({ length: 40 }, (_, i) => api.links.list({ page: i + 1 }));
    await clock.runUntil(() => settled(calls), 10 * MINUTE);
    await Promise.all(calls);
    expect(server.refused).toBe(0);
    expect(server.maxInAnyWindow(MINUTE)).toBeLessThanOrEqual(10);
  });

  it('counts requests it did not send when the server says the window is partly spent', async () => {
    // Another device already used 25 of the 30 requests of this window.
    const { clock, server, api } = setup({ preSpent: 25 });
    const calls = Array.from({ length: 20 }, (_, i) => api.links.list({ page: i + 1 }));
    await clock.runUntil(() => settled(calls), 5 * MINUTE);
    await Promise.all(calls);
    expect(server.refused).toBe(0);
  });

  it('absorbs a 429 storm: nothing is dropped and the server is not hammered', async () => {
    const clock0 = new FakeClock().now();
    const { clock, server, api, scheduler } = setup({
      storm: { until: clock0 + 2 * MINUTE, retryAfterSeconds: 10 },
    });
    const states: (number | null)[] = [];
    scheduler.subscribe((s) => states.push(s.pausedUntil));
    const results = Array.from({ length: 50 }, (_, i) =>
      api.links.list({ page: i + 1 }, { priority: i % 2 ? 'view' : 'background' }).then(
        (page) => page.items.length,
        (error: unknown) => error,
      ),
    );
    await clock.advance(2 * MINUTE);
    const duringStorm = server.arrivals.length;
    // One probe per Retry-After (10 s) at most, plus the few that were in flight when it began.
    expect(duringStorm).toBeLessThanOrEqual(2 * 6 + 4);
    expect(states.some((p) => p !== null)).toBe(true);

    await clock.runUntil(() => settled(results), 10 * MINUTE);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 50 }, () => 1));
    expect(server.maxInAnyWindow(MINUTE)).toBeLessThanOrEqual(30);
    // Refusals happened only during the storm.
    expect(server.arrivals.filter((a) => a.status === 429 && a.at >= clock0 + 2 * MINUTE)).toEqual(
      [],
    );
    // No hot loop: timers fired stay in proportion to simulated time.
    expect(clock.fired).toBeLessThan(2_000);
  });

  it('pauses until the later of Retry-After and the reset', async () => {
    const clock0 = new FakeClock().now();
    // Retry-After says 1 s, but the window (spent by someone else) resets only after a minute.
    const { clock, server, api, scheduler } = setup({
      preSpent: 30,
      storm: { until: clock0 + 500, retryAfterSeconds: 1 },
    });
    const call = api.links.list({ page: 1 });
    await clock.advance(1_000);
    expect(server.refused).toBe(1);
    const paused = scheduler.state().pausedUntil as number;
    expect(paused).toBeGreaterThanOrEqual(clock0 + MINUTE);
    expect(paused).toBeLessThanOrEqual(clock0 + MINUTE + 3_000);
    await clock.advance(MINUTE + 5_000);
    expect((await call).items).toHaveLength(1);
    expect(server.refused).toBe(1);
  });
});
