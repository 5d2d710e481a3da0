import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { createScheduler, type Task } from '../../../electron/backend/scheduler/scheduler.js';
import type { RateBudgetState } from '../../../electron/shared/models.js';
import { FakeClock, settle } from './support/fake-clock.js';

/** A task the test finishes by hand, recording when it started and whether it was aborted. */
function manual<T>(log: string[], name: string, value: T) {
  let finish: (() => void) | undefined;
  let fail: ((error: unknown) => void) | undefined;
  let signal: AbortSignal | undefined;
  const task: Task<T> = (s) => {
    log.push(name);
    signal = s;
    return new Promise<T>((resolve, reject) => {
      finish = () => resolve(value);
      fail = reject;
      s.addEventListener('abort', () => reject(s.reason));
    });
  };
  return {
    task,
    finish: () => finish?.(),
    fail: (error: unknown) => fail?.(error),
    get signal() {
      return signal;
    },
  };
}

const instant =
  <T>(log: string[], name: string, value: T): Task<T> =>
  async () => {
    log.push(name);
    return value;
  };

describe('scheduler', () => {
  it('sends a user action next, ahead of 100 queued background requests', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, maxInFlight: 4 });
    const started: string[] = [];
    const background = Array.from({ length: 100 }, (_, i) => manual(started, `bg${i}`, i));
    const results = background.map((b) => scheduler.run(b.task, { priority: 'background' }));
    // Background may fill the slots it is allowed (one is kept for the user).
    expect(started).toEqual(['bg0', 'bg1', 'bg2']);

    const user = manual(started, 'user', 'saved');
    const userResult = scheduler.run(user.task, { priority: 'user' });
    // A free slot was kept: the user action leaves at once, behind nothing but what is in flight.
    expect(started).toEqual(['bg0', 'bg1', 'bg2', 'user']);
    user.finish();
    expect(await userResult).toBe('saved');

    // Queued work of higher priority goes before every queued background request.
    const clip = manual(started, 'clipboard', 'short');
    scheduler.run(clip.task, { priority: 'clipboard' });
    expect(started.at(-1)).toBe('clipboard');
    const view = manual(started, 'view', 'page');
    scheduler.run(view.task, { priority: 'view' });
    expect(started.at(-1)).toBe('clipboard');
    background[0]?.finish();
    background[1]?.finish();
    await settle();
    expect(started.at(-1)).toBe('view');
    clip.finish();
    await settle();
    expect(started.at(-1)).toBe('bg3');
    view.finish();
    for (let step = 0; step < 600 && started.length < 103; step++) {
      for (const b of background) b.finish();
      await clock.advance(1_000);
    }
    for (const b of background) b.finish();
    expect(started.length).toBe(103);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('gives a queued user action the next free budget when the window is spent', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock });
    const started: string[] = [];
    const calls = Array.from({ length: 60 }, (_, i) =>
      scheduler.run(instant(started, `bg${i}`, i), { priority: 'background' }),
    );
    await settle();
    const sentBefore = started.length;
    expect(sentBefore).toBeLessThan(30);
    const user = scheduler.run(instant(started, 'user', 'ok'), { priority: 'user' });
    await settle();
    // The share kept back from background lets the user action leave at once.
    expect(started.at(-1)).toBe('user');
    expect(await user).toBe('ok');
    await clock.runUntil(() => started.length === 61, 10 * 60_000);
    await Promise.all(calls);
  });

  it('coalesces identical requests while one is queued or in flight', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock });
    const started: string[] = [];
    const first = manual(started, 'list', { items: [1] });
    const a = scheduler.run(first.task, { key: 'links.list:{}' });
    const b = scheduler.run(manual(started, 'list-again', { items: [2] }).task, {
      key: 'links.list:{}',
    });
    expect(started).toEqual(['list']);
    first.finish();
    expect(await a).toEqual({ items: [1] });
    expect(await b).toEqual({ items: [1] });
    // Settled: the next identical call asks again.
    const c = scheduler.run(instant(started, 'list-later', { items: [3] }), {
      key: 'links.list:{}',
    });
    expect(await c).toEqual({ items: [3] });
    expect(started).toEqual(['list', 'list-later']);
  });

  it('moves a coalesced request up when a more urgent caller joins it', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, maxInFlight: 2 });
    const started: string[] = [];
    const blocker = manual(started, 'blocker', 0);
    scheduler.run(blocker.task, { priority: 'view' });
    const later = scheduler.run(instant(started, 'other-bg', 1), { priority: 'background' });
    const shared = scheduler.run(instant(started, 'shared', 2), {
      priority: 'background',
      key: 'k',
    });
    expect(started).toEqual(['blocker']);
    // A user wants the same thing: the queued request now goes first.
    const mine = scheduler.run(instant(started, 'never-runs', 2), { priority: 'user', key: 'k' });
    await settle();
    expect(started).toEqual(['blocker', 'shared']);
    expect(await mine).toBe(2);
    blocker.finish();
    await later;
    expect(await shared).toBe(2);
  });

  it('removes a cancelled request from the queue without running it', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, maxInFlight: 2 });
    const started: string[] = [];
    const blocker = manual(started, 'blocker', 0);
    scheduler.run(blocker.task, { priority: 'view' });
    const view = new AbortController();
    const cancelled = scheduler.run(instant(started, 'cancelled', 1), {
      priority: 'view',
      signal: view.signal,
    });
    expect(scheduler.state().queued.view).toBe(1);
    view.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(scheduler.state().queued.view).toBe(0);
    blocker.finish();
    await settle();
    expect(started).toEqual(['blocker']);
  });

  it('aborts a request in flight once every caller has cancelled it', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock });
    const started: string[] = [];
    const job = manual(started, 'get', 1);
    const one = new AbortController();
    const two = new AbortController();
    const a = scheduler.run(job.task, { key: 'k', signal: one.signal });
    const b = scheduler.run(job.task, { key: 'k', signal: two.signal });
    one.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    // Someone still wants the answer: the request carries on.
    expect(job.signal?.aborted).toBe(false);
    two.abort();
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(job.signal?.aborted).toBe(true);
    await settle();
    expect(scheduler.state().inFlight).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const scheduler = createScheduler({ clock: new FakeClock() });
    const started: string[] = [];
    await expect(
      scheduler.run(instant(started, 'x', 1), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(started).toEqual([]);
  });

  it('passes other errors through to every caller, without retrying', async () => {
    const scheduler = createScheduler({ clock: new FakeClock() });
    const started: string[] = [];
    const job = manual(started, 'x', 1);
    const a = scheduler.run(job.task, { key: 'k' });
    const b = scheduler.run(job.task, { key: 'k' });
    job.fail(new ApiClientError('not-found', 'Link 3 was not found.'));
    await expect(a).rejects.toMatchObject({ code: 'not-found' });
    await expect(b).rejects.toMatchObject({ code: 'not-found' });
    expect(started).toEqual(['x']);
  });

  it('retries a rate-limited call after the pause, at the head of its line', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, random: () => 0 });
    const started: string[] = [];
    let attempts = 0;
    const refusedOnce: Task<string> = async () => {
      started.push('create');
      attempts++;
      if (attempts === 1)
        throw new ApiClientError('rate-limited', 'Too many requests.', {
          status: 429,
          retryAfterMs: 20_000,
        });
      return 'created';
    };
    const result = scheduler.run(refusedOnce, { priority: 'user' });
    await settle();
    const other = scheduler.run(instant(started, 'user-2', 'ok'), { priority: 'user' });
    expect(scheduler.state().pausedUntil).toBe(clock.now() + 20_000);
    await clock.advance(19_000);
    expect(started).toEqual(['create']);
    await clock.advance(1_000);
    expect(await result).toBe('created');
    // After the probe succeeded, the rest follows.
    expect(await other).toBe('ok');
    expect(started).toEqual(['create', 'create', 'user-2']);
  });

  it('probes with one request after a pause, not with the whole queue', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, random: () => 0 });
    let sent = 0;
    let open = false;
    const task: Task<number> = async () => {
      sent++;
      if (!open)
        throw new ApiClientError('rate-limited', 'Too many requests.', {
          status: 429,
          retryAfterMs: 5_000,
        });
      return sent;
    };
    const calls = Array.from({ length: 10 }, () => scheduler.run(task, { priority: 'view' }));
    await settle();
    const first = sent;
    expect(first).toBeLessThanOrEqual(3);
    await clock.advance(5_000);
    expect(sent).toBe(first + 1);
    await clock.advance(5_000);
    expect(sent).toBe(first + 2);
    open = true;
    await clock.runUntil(() => sent >= first + 12, 60_000);
    expect((await Promise.all(calls)).length).toBe(10);
  });

  it('backs off when the service gives no time to wait, instead of looping', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, random: () => 0 });
    let sent = 0;
    const task: Task<number> = async () => {
      sent++;
      throw new ApiClientError('rate-limited', 'Too many requests.', {
        status: 429,
        retryAfterMs: 0,
      });
    };
    const call = scheduler.run(task, { priority: 'user' }).catch((e: unknown) => e);
    await clock.advance(60_000);
    // 2 s, 4 s, 8 s, 16 s, 32 s: a handful of tries in a minute, not thousands.
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(sent).toBeLessThanOrEqual(6);
    scheduler.close();
    expect(await call).toMatchObject({ name: 'AbortError' });
  });

  it('lets an in-flight call charge its internal retries to the budget', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, defaultLimit: 3 });
    const started: string[] = [];
    const retrying: Task<string> = async (_signal, context) => {
      started.push('attempt-1');
      await context.acquire();
      started.push('attempt-2');
      return 'ok';
    };
    expect(await scheduler.run(retrying)).toBe('ok');
    expect(scheduler.state().remaining).toBe(1);
    await scheduler.run(instant(started, 'third', 1));
    // The budget of 3 is spent: the next request waits for the window to pass.
    const fourth = scheduler.run(instant(started, 'fourth', 1));
    await settle();
    expect(started).toEqual(['attempt-1', 'attempt-2', 'third']);
    await clock.advance(62_000);
    await fourth;
    expect(started.at(-1)).toBe('fourth');
  });

  it('publishes its state when it changes', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, maxInFlight: 3 });
    const states: RateBudgetState[] = [];
    scheduler.subscribe((s) => states.push(s));
    expect(states.at(-1)).toMatchObject({
      limit: 30,
      remaining: 30,
      inFlight: 0,
      pausedUntil: null,
    });
    const started: string[] = [];
    const a = manual(started, 'a', 1);
    scheduler.run(a.task, { priority: 'user' });
    scheduler.run(instant(started, 'b', 2), { priority: 'background' });
    scheduler.run(instant(started, 'c', 3), { priority: 'background' });
    expect(states.at(-1)).toMatchObject({
      remaining: 28,
      inFlight: 2,
      queued: { user: 0, clipboard: 0, view: 0, background: 1 },
    });
    scheduler.report({
      at: clock.now(),
      limit: 30,
      remaining: 5,
      resetAt: clock.now() + 40_000,
      rateLimited: false,
    });
    expect(states.at(-1)).toMatchObject({ remaining: 4 });
    scheduler.report({
      at: clock.now(),
      limit: 30,
      remaining: 0,
      resetAt: clock.now() + 40_000,
      retryAfterMs: 40_000,
      rateLimited: true,
    });
    const paused = states.at(-1) as RateBudgetState;
    expect(paused.pausedUntil).toBeGreaterThanOrEqual(clock.now() + 40_000);
    expect(paused.remaining).toBe(0);
    expect(paused.resetAt).toBeGreaterThanOrEqual(clock.now() + 40_000);
    // Time alone ends the pause; subscribers hear of it without any request.
    const count = states.length;
    await clock.advance(45_000);
    expect(states.length).toBeGreaterThan(count);
    expect(states.at(-1)?.pausedUntil).toBeNull();
  });

  it('rejects everything queued and aborts what is in flight when closed', async () => {
    const clock = new FakeClock();
    const scheduler = createScheduler({ clock, maxInFlight: 2 });
    const started: string[] = [];
    const running = manual(started, 'running', 1);
    const a = scheduler.run(running.task, { priority: 'view' });
    const b = scheduler.run(instant(started, 'queued', 2), { priority: 'view' });
    scheduler.close();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(running.signal?.aborted).toBe(true);
    await expect(scheduler.run(instant(started, 'late', 3))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(started).toEqual(['running']);
    expect(clock.pending).toBe(0);
  });
});
