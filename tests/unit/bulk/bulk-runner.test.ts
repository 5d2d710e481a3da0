import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBulkRunner, type BulkRunner } from '../../../electron/backend/bulk/index.js';
import { openProfileData, type ProfileData } from '../../../electron/backend/mirror/index.js';
import { createOutbox, type Outbox } from '../../../electron/backend/outbox/index.js';
import type { OutboxApi } from '../../../electron/backend/outbox/outbox-api.js';
import type { Clock } from '../../../electron/backend/scheduler/clock.js';
import { createConnectivity, type Connectivity } from '../../../electron/backend/sync/index.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import type { RateBudgetState } from '../../../electron/shared/models.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { englishText, msg, renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';
import { arrivals } from '../../support/arrivals.js';

const german = createTranslator('de', SHARED_MESSAGES);
const de = (ref: MessageRef) => renderMessage(ref, german);

/*
 * What a job says while it cannot move: its ETA from the rate budget, and 'waiting' with the
 * reason while the service is unreachable or asked to slow down. The service never answers here
 * (every create hangs until the outbox stops), so the job holds still while it is looked at.
 */

const NOW = Date.UTC(2026, 2, 1, 12);
const clock: Clock = {
  now: () => NOW,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

let dir: string;
let data: ProfileData;
let outbox: Outbox;
let connectivity: Connectivity;
let runner: BulkRunner;
let budget: RateBudgetState;
let creates: number;
/** Resolves when the outbox sends its first create: the job has fed it by then. */
let firstCreate: Promise<void>;

/** Creates that never answer (until the outbox stops and aborts them). */
const hanging = <T>(signal?: AbortSignal) =>
  new Promise<T>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-bulk-unit-'));
  data = openProfileData(dir, { clock, baseUrl: 'http://127.0.0.1:9' });
  creates = 0;
  let sent: () => void = () => {};
  firstCreate = new Promise((resolve) => (sent = resolve));
  const api = {
    links: {
      create: (_input: unknown, options?: { signal?: AbortSignal }) => {
        creates++;
        sent();
        return hanging(options?.signal);
      },
    },
  } as unknown as OutboxApi;
  connectivity = createConnectivity({ clock, probe: () => hanging(), minDelayMs: 60_000 });
  outbox = createOutbox({ mirror: data.mirror, api, connectivity, clock });
  budget = { limit: 30, remaining: 0, resetAt: NOW + 20_000, pausedUntil: null, inFlight: 1, queued: { user: 1, clipboard: 0, view: 0, background: 0 } };
  runner = createBulkRunner({ mirror: data.mirror, outbox, connectivity, scheduler: { state: () => budget }, clock, emitIntervalMs: 0 });
  outbox.start();
  runner.start();
});

afterEach(async () => {
  runner.stop();
  await outbox.stop();
  connectivity.close();
  data.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://example.com/${i}` }));

describe('bulk runner', () => {
  it('keeps only a few rows in the outbox and gives an ETA from the rate budget', async () => {
    const job = runner.create({ name: 'Seventy', rows: rows(70), reuse: false });
    // The first create is on the wire (and hangs); two more wait behind it, the rest in the job.
    await firstCreate;
    expect(creates).toBe(1);
    expect(outbox.list()).toHaveLength(3);
    const now = runner.get(job.id);
    expect(now.counts).toMatchObject({ queued: 67, sending: 3 });
    expect(now.status).toBe('running');
    // Nothing left in this window: 20 s until it grows, then 30 a minute: 30 + 30 + 10 (200 ms each).
    expect(now.etaMs).toBe(20_000 + 2 * 60_000 + 10 * 200);

    // A second job is served after the first: its ETA counts the first one's rows.
    const second = runner.create({ name: 'Five more', rows: rows(5).map((r) => ({ url: `${r.url}/b` })), reuse: false });
    expect(runner.get(second.id).etaMs).toBe(20_000 + 2 * 60_000 + 15 * 200);
    expect(runner.list().map((j) => j.name)).toEqual(['Five more', 'Seventy']);
  });

  it('counts rows that will reuse one link as one request', () => {
    const job = runner.create({ name: 'Dups', rows: [...rows(4), ...rows(4), { url: 'https://example.com/0', custom: 'own-alias' }], reuse: true });
    budget = { ...budget, remaining: 30, resetAt: NOW };
    // Four distinct URLs and one custom alias: five requests at 200 ms.
    expect(runner.get(job.id).etaMs).toBe(5 * 200);
  });

  it('says it is waiting, and why, while the service cannot be reached or asked to slow down', async () => {
    const pushed = arrivals<BulkJob>();
    runner.onChange((j) => pushed.push(j));
    const job = runner.create({ name: 'Waiting', rows: rows(10), reuse: false });

    connectivity.report(Object.assign(new Error('The service at 127.0.0.1:9 did not answer.'), { code: 'offline' }));
    const offline = runner.get(job.id);
    expect(offline.status).toBe('waiting');
    expect(offline.message).toMatch(/cannot be reached: The service at 127\.0\.0\.1:9 did not answer\. The job goes on/);
    // Issue 44: the same as a message; the reason without a key (a service's words) as it came.
    expect(offline.messageRef && de(offline.messageRef)).toBe(
      'Warten auf den Dienst, der nicht erreichbar ist: The service at 127.0.0.1:9 did not answer. Der Auftrag läuft von selbst weiter, sobald er antwortet.',
    );
    expect(offline.etaMs).toBeNull();
    // The change of connection is pushed by itself.
    await pushed.until((jobs) => jobs.some((j) => j.status === 'waiting'));
    expect(pushed.items.at(-1)?.status).toBe('waiting');

    connectivity.reportOnline();
    budget = { ...budget, pausedUntil: NOW + 30_000 };
    const limited = runner.get(job.id);
    expect(limited.status).toBe('waiting');
    expect(limited.message).toBe('The service asked Linkdeck to slow down; sending again in 30 s.');
    expect(limited.messageRef && de(limited.messageRef)).toBe('Der Dienst hat Linkdeck gebeten, langsamer zu senden; weiter geht es in 30 s.');
    budget = { ...budget, pausedUntil: NOW + 150_000 };
    expect(runner.get(job.id).messageRef && de(runner.get(job.id).messageRef as MessageRef)).toBe('Der Dienst hat Linkdeck gebeten, langsamer zu senden; weiter geht es in 3 Minuten.');

    budget = { ...budget, pausedUntil: null };
    expect(runner.get(job.id)).toMatchObject({ status: 'running', message: null });
    runner.pause(job.id);
    expect(runner.get(job.id)).toMatchObject({ status: 'paused', etaMs: null, message: 'Paused: press Resume to go on.' });
    expect(de(runner.get(job.id).messageRef as MessageRef)).toBe('Angehalten: Klicken Sie auf „Fortsetzen“, um weiterzumachen.');
  });

  it('says a keyed offline reason in the person’s language inside the job’s waiting sentence (issue 44)', () => {
    const job = runner.create({ name: 'Keyed', rows: rows(2), reuse: false });
    const reason = msg('errors.network.refused', { host: '127.0.0.1:9', code: 'ECONNREFUSED', what: msg('errors.doing.createLink') });
    connectivity.report(Object.assign(new Error(englishText(reason)), { code: 'offline', ref: reason }));
    const offline = runner.get(job.id);
    expect(offline.message).toBe(`Waiting for the service, which cannot be reached: ${englishText(reason)} The job goes on by itself when it answers.`);
    const words = de(offline.messageRef as MessageRef);
    expect(words).toMatch(/^Warten auf den Dienst, der nicht erreichbar ist: .*127\.0\.0\.1:9.* Der Auftrag läuft von selbst weiter, sobald er antwortet\.$/);
    expect(words).not.toMatch(/refused|connection|errors\./);
  });

  it('marks rows that fail the link checks as failed without sending them', () => {
    const job = runner.create({ name: 'Checked', rows: [{ url: 'javascript:alert(1)' }, { url: 'https://example.com/ok', custom: 'a' }], reuse: true });
    const page = runner.rows(job.id);
    expect(page.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(page.rows[0]?.error).toMatch(/"javascript:" scheme/);
    expect(page.rows[1]?.error).toMatch(/3 to 64 characters/);
    expect(runner.get(job.id)).toMatchObject({ status: 'done', counts: { failed: 2 } });
    expect(outbox.list()).toEqual([]);
  });
});
