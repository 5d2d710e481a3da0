import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { createConnectivity } from '../../../electron/backend/sync/connectivity.js';
import { FakeClock } from '../scheduler/support/fake-clock.js';

/** A probe that fails as offline until `reachable` is set. */
function scriptedProbe(clock: FakeClock) {
  const state = { reachable: false, probes: [] as number[], answer: 'ok' as 'ok' | 'refused' };
  const probe = async () => {
    state.probes.push(clock.now());
    if (!state.reachable) throw new ApiClientError('offline', 'Could not reach the service.');
    if (state.answer === 'refused')
      throw new ApiClientError('unauthorized', 'The key was refused.');
    return {};
  };
  return { state, probe };
}

describe('connectivity', () => {
  it('goes offline on a network error and probes with a growing delay up to two minutes', async () => {
    const clock = new FakeClock();
    const start = clock.now();
    const { state, probe } = scriptedProbe(clock);
    const c = createConnectivity({ clock, probe });
    const seen: boolean[] = [];
    c.onChange((s) => seen.push(s.online));

    expect(
      c.report(new ApiClientError('offline', 'The service did not answer within 15 seconds.')),
    ).toBe(true);
    expect(c.state()).toEqual({
      online: false,
      reason: 'The service did not answer within 15 seconds.',
      nextProbeAt: start + 2_000,
    });
    await clock.advance(10 * 60_000);
    const gaps = state.probes.map((t, i) => t - (i === 0 ? start : state.probes[i - 1]!));
    expect(gaps.slice(0, 8)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 120_000,
    ]);
    expect(c.isOnline()).toBe(false);

    // Back: the next probe answers, the profile is online, waiters resume.
    state.reachable = true;
    let resumed = false;
    void c.whenOnline().then(() => (resumed = true));
    await clock.advance(120_000);
    expect(c.state()).toEqual({ online: true, nextProbeAt: null });
    expect(resumed).toBe(true);
    expect(seen.at(-1)).toBe(true);
    // Online again: no more probes.
    const count = state.probes.length;
    await clock.advance(10 * 60_000);
    expect(state.probes.length).toBe(count);
  });

  it('takes any answer, even an error, as the service being reachable', async () => {
    const clock = new FakeClock();
    const { state, probe } = scriptedProbe(clock);
    const c = createConnectivity({ clock, probe });
    c.report(new ApiClientError('offline', 'down'));
    state.reachable = true;
    state.answer = 'refused';
    expect(await c.probeNow()).toBe(true);
    expect(c.isOnline()).toBe(true);
    c.report(new ApiClientError('offline', 'down'));
    c.report(new ApiClientError('not-found', 'gone'));
    expect(c.isOnline()).toBe(true);
  });

  it('learns nothing from a cancelled call: an offline profile stays offline', () => {
    const clock = new FakeClock();
    const { probe } = scriptedProbe(clock);
    const c = createConnectivity({ clock, probe });
    const seen: boolean[] = [];
    c.onChange((s) => seen.push(s.online));
    c.report(new ApiClientError('offline', 'down'));
    // A stop aborts the sync's request: no answer came, so the service is not "back".
    expect(c.report(new DOMException('The sync stopped.', 'AbortError'))).toBe(false);
    expect(c.isOnline()).toBe(false);
    expect(seen).toEqual([false]);
  });

  it('restarts the backoff from two seconds after being online again', async () => {
    const clock = new FakeClock();
    const { state, probe } = scriptedProbe(clock);
    const c = createConnectivity({ clock, probe });
    c.report(new ApiClientError('offline', 'down'));
    await clock.advance(2_000 + 4_000);
    c.reportOnline();
    c.report(new ApiClientError('offline', 'down'));
    expect(c.state().nextProbeAt).toBe(clock.now() + 2_000);
    expect(state.probes).toHaveLength(2);
  });
});

describe('connectivity: why, as a message', () => {
  it('keeps the offline error’s message ref beside its words, so the window can say it in the person’s language', () => {
    const clock = new FakeClock();
    const c = createConnectivity({ clock, probe: async () => ({}) });
    const ref = { key: 'errors.localPortTaken', params: { port: '41000' } };
    c.report(new ApiClientError('offline', ref));
    expect(c.state()).toMatchObject({
      online: false,
      reason: 'The local workspace did not start: port 41000 of this computer is taken by another program.',
      reasonRef: ref,
    });
  });
});
