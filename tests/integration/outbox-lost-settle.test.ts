import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/deployment-double.js';
import { faults, type Fault } from '../support/fault-proxy.js';
import { MAX_EXECUTION_MS, rigsClosedAfterEach, type Rig } from './support/deployment-rig.js';

/*
 * How soon a create whose answer was lost settles, against the scripted double of a real
 * (PHP/MySQL, 7.6 among them) deployment, which ignores Idempotency-Key (a second create makes
 * a second object), behind the scripted fault proxy. The outbox looks the object up at once; only when it is not there yet
 * (the server is still fetching the target's title) does it wait out the service's longest run,
 * look again, and then send again. Creates are counted where the server receives them. The
 * outbox's time is a fake clock, moved here as the app's timers would move; the figures printed
 * are that time, from the lost answer to the settled operation.
 */

const rig = rigsClosedAfterEach();

const CREATE = '/api/url/add';
const creates = (r: Rig): RecordedRequest[] =>
  r.double.requests.filter((q) => q.method === 'POST' && q.path === CREATE);
/** Calls the server received, the connectivity probe left out. */
const calls = (r: Rig): string[] => r.double.calls().filter((c) => c !== 'GET /api/account');

/** The app's first delay before probing a service that dropped a connection. */
const APP_PROBE_DELAY_MS = 2_000;

interface Blip {
  name: string;
  /** How the client reports it (a reset marks the service offline until a probe answers). */
  code: 'offline' | 'remote-error';
  /** Scripts the create's lost answer; the object is made either way. */
  script(r: Rig): void;
}

const proxied = (fault: Fault) => (r: Rig) => {
  r.proxy!.script({ method: 'POST', path: CREATE, times: 1, fault });
};

const BLIPS: Blip[] = [
  { name: 'a connection reset', code: 'offline', script: proxied(faults.resetAfterCommit()) },
  {
    name: 'an empty 200',
    code: 'remote-error',
    script: proxied(faults.replaceAfterCommit(faults.status(200, ''))),
  },
  {
    name: "a proxy's HTML 502",
    code: 'remote-error',
    script: proxied(faults.replaceAfterCommit(faults.gateway(502))),
  },
];

/** Moves the fake clock in small steps, letting the outbox work between them, until `done`. */
async function runUntil(r: Rig, done: () => boolean, maxMs: number): Promise<number> {
  const start = r.clock.now();
  while (!done() && r.clock.now() - start < maxMs) {
    await r.outbox.idle();
    if (!done()) await r.clock.advance(50);
  }
  return r.clock.now() - start;
}

describe('a create whose answer was lost after the server made it', () => {
  it.each(BLIPS)(
    '$name: found by the first look-up and settled in seconds, never sent again',
    async (blip) => {
      const r = await rig({ proxy: true, probeDelayMs: APP_PROBE_DELAY_MS });
      blip.script(r);
      const op = r.outbox.enqueue({
        kind: 'link.create',
        input: { url: 'https://example.com/copied' },
      });
      const lost = await r.whenItem(op.opId, (i) => i?.outcomeUnknown === true);
      expect(lost?.lastError?.code).toBe(blip.code);
      const realStart = performance.now();
      let settledId: number | null | undefined;
      void r.outbox.settled(op.opId).then((s) => (settledId = s.id));

      const took = await runUntil(r, () => settledId !== undefined, 2 * MAX_EXECUTION_MS);
      const real = Math.round(performance.now() - realStart);
      console.log(
        `[lost answer] ${blip.name}: settled ${took} ms (app clock) after it was lost; ${real} ms real`,
      );

      expect(took).toBeLessThan(MAX_EXECUTION_MS / 10);
      expect(r.double.objects.link).toHaveLength(1);
      expect(settledId).toBe(r.double.objects.link[0]!.id);
      expect(creates(r)).toHaveLength(1);
      expect(calls(r)).toEqual(['POST /api/url/add', 'GET /api/urls']);
      expect(r.outbox.list()).toEqual([]);
      expect(r.mirrored('link', settledId!)).toMatchObject({ pending: null, provisional: false });
    },
  );
});

describe('the server still making it at the first look-up (a slow title fetch)', () => {
  /** The create times out on the client while the server holds it until `release`. */
  async function timedOutWhileMaking(then: 'answer' | 'drop-unmade') {
    const r = await rig({ createTimeoutMs: 300 });
    let release!: () => void;
    const titleFetched = new Promise<void>((resolve) => (release = resolve));
    r.double.onCreate('link', { until: titleFetched, then });
    const op = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/slow' },
    });
    await r.double.next((q) => q.method === 'POST');
    const sentAt = r.clock.now();
    await r.whenItem(op.opId, (i) => i?.outcomeUnknown === true && i.state === 'queued');
    expect(await r.connectivity.probeNow()).toBe(true);
    await r.outbox.idle();

    // Looked up at once, not found: not sent again, left to wait out the longest run.
    expect(calls(r)).toEqual(['POST /api/url/add', 'GET /api/urls']);
    expect(r.outbox.get(op.opId)).toMatchObject({
      state: 'queued',
      outcomeUnknown: true,
      attempts: 1,
      nextAttemptAt: sentAt + MAX_EXECUTION_MS,
    });
    release();
    if (then === 'answer') await r.double.until(() => r.double.objects.link.length === 1);
    await r.clock.advance(MAX_EXECUTION_MS - 1);
    await r.outbox.idle();
    expect(calls(r)).toEqual(['POST /api/url/add', 'GET /api/urls']);
    await r.clock.advance(1);
    const result = await r.outbox.settled(op.opId);
    expect(r.double.objects.link).toHaveLength(1);
    expect(result.id).toBe(r.double.objects.link[0]!.id);
    expect(r.outbox.list()).toEqual([]);
    return r;
  }

  it('made meanwhile: looked up again once the longest run is over, found, not sent again', async () => {
    const r = await timedOutWhileMaking('answer');
    expect(creates(r)).toHaveLength(1);
    expect(calls(r)).toEqual(['POST /api/url/add', 'GET /api/urls', 'GET /api/urls']);
  });

  it('never made: looked up again, nothing found, sent again with the same Idempotency-Key', async () => {
    const r = await timedOutWhileMaking('drop-unmade');
    const sent = creates(r);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(calls(r)).toEqual([
      'POST /api/url/add',
      'GET /api/urls',
      'GET /api/urls',
      'POST /api/url/add',
    ]);
  });
});
