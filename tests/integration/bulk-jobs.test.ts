import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '../../electron/backend/bulk/index.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { openProfileWorkspace, type ProfileWorkspace } from '../../electron/backend/sync/index.js';
import type { BulkJob } from '../../electron/shared/bulk.js';
import { parseCsv } from '../../electron/shared/csv.js';
import type { LinkInput, SyncProgress } from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * Bulk jobs against the real local service, through a profile workspace as the backend opens
 * it: duplicates reused, refusals kept per row, pause/resume, cancel, a restart in the middle of
 * a job (no link made twice), and the result CSV.
 */

let service: TestService;
let dir: string;
let api: ProfileApi;
let gate: Gate;
const open: ProfileWorkspace[] = [];

/**
 * Lets the test decide how many link creates reach the service, so that "in the middle of a
 * job" is a fixed point however fast the machine is. Open by default.
 */
interface Gate {
  fetch: typeof fetch;
  /** From now on, only `n` more creates go through (the others wait). */
  allow(n: number): void;
  /** Every create goes through again. */
  open(): void;
}

function createGate(): Gate {
  let allowance = Infinity;
  const waiting = new Set<() => void>();
  const isCreate = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    (init?.method ?? 'GET').toUpperCase() === 'POST' && String(input instanceof Request ? input.url : input).includes('/api/url/add');
  return {
    async fetch(input, init) {
      if (isCreate(input, init)) {
        while (allowance <= 0) {
          await new Promise<void>((resolve, reject) => {
            const signal = init?.signal;
            const wake = () => {
              waiting.delete(wake);
              if (signal?.aborted) reject(signal.reason as Error);
              else resolve();
            };
            waiting.add(wake);
            signal?.addEventListener('abort', wake, { once: true });
          });
        }
        allowance--;
      }
      return globalThis.fetch(input, init);
    },
    allow(n) {
      allowance = n;
    },
    open() {
      allowance = Infinity;
      for (const wake of [...waiting]) wake();
    },
  };
}

beforeEach(async () => {
  service = await startTestService({ rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-bulk-'));
  gate = createGate();
  api = profileApiFor(service.url, service.key, { postAttempts: 1, fetch: gate.fetch });
});

afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
  api.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  ws: ProfileWorkspace;
  /** Every bulk:changed push, with the time it came. */
  events: { at: number; job: BulkJob }[];
  /** Resolves with the first pushed state of job `id` that satisfies `predicate`. */
  when(id: string, predicate: (job: BulkJob) => boolean): Promise<BulkJob>;
  synced: Promise<void>;
}

/** Opens (and starts) the workspace on the test's data dir, as a session does. */
function openWorkspace(options: { start?: boolean; inFlight?: number } = {}): Opened {
  const events: { at: number; job: BulkJob }[] = [];
  const waiters: { id: string; predicate: (job: BulkJob) => boolean; resolve: (job: BulkJob) => void }[] = [];
  let onSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const ws = openProfileWorkspace({
    dir,
    baseUrl: service.url,
    api,
    // The local service does all its work before it answers: a lost answer is looked up at once.
    outboxServerMaxExecutionMs: 0,
    ...(options.inFlight ? { bulkInFlight: options.inFlight } : {}),
    onProgress: (p: SyncProgress) => {
      if (p.phase === 'idle' && p.syncedAt !== null) onSynced();
    },
    onBulkChange: (job) => {
      events.push({ at: Date.now(), job });
      for (const w of [...waiters]) {
        if (w.id === job.id && w.predicate(job)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(job);
        }
      }
    },
  });
  open.push(ws);
  if (options.start !== false) ws.start();
  const when = (id: string, predicate: (job: BulkJob) => boolean) =>
    new Promise<BulkJob>((resolve) => {
      const now = ws.bulk.get(id);
      if (predicate(now)) resolve(now);
      else waiters.push({ id, predicate, resolve });
    });
  return { ws, events, when, synced };
}

async function closeWorkspace(ws: ProfileWorkspace): Promise<void> {
  open.splice(open.indexOf(ws), 1);
  await ws.close();
}

/** Every link on the service: long URL → how many links lead there. */
async function serviceUrls(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let page = 1; ; page++) {
    const answer = await service.api<{ data: { urls: { longurl: string }[] } }>('GET', `/api/urls?limit=100&page=${page}`);
    const urls = answer.json.data.urls;
    for (const u of urls) counts.set(u.longurl, (counts.get(u.longurl) ?? 0) + 1);
    if (urls.length < 100) return counts;
  }
}

const url = (i: number) => `https://example.com/bulk/${i}`;
const rowsOf = (n: number, from = 0): LinkInput[] => Array.from({ length: n }, (_, i) => ({ url: url(from + i) }));
const settled = (j: BulkJob) => j.counts.queued === 0 && j.counts.sending === 0;

describe('bulk jobs', () => {
  it('creates, reuses and fails row by row, making each URL once on the service', async () => {
    // On the service before the job: a link to reuse and an alias already taken.
    expect((await service.api('POST', '/api/url/add', { url: 'https://example.com/already' })).status).toBe(200);
    expect((await service.api('POST', '/api/url/add', { url: 'https://example.com/other', custom: 'taken-alias' })).status).toBe(200);
    const { ws, events, when, synced } = openWorkspace();
    await synced;

    const rows: LinkInput[] = [
      ...rowsOf(40),
      // Five duplicates of rows above (one spelled differently), and the link already on the service.
      { url: url(3) },
      { url: url(7) },
      { url: url(7) },
      { url: url(20) },
      { url: 'HTTPS://EXAMPLE.COM/bulk/30' },
      { url: 'https://example.com/already' },
      // Refused by the service (taken), and refused before sending (reserved).
      { url: 'https://example.com/taken', custom: 'taken-alias' },
      { url: 'https://example.com/reserved', custom: 'admin' },
      // A custom alias is a new link by intent, even for a URL seen before.
      { url: url(1), custom: 'one-again' },
    ];
    const started = ws.bulk.create({ name: 'Spring import', rows, reuse: true });
    expect(started).toMatchObject({ name: 'Spring import', total: 49, reuse: true });
    expect(started.status === 'running' || started.status === 'waiting').toBe(true);

    const done = await when(started.id, (j) => j.status === 'done');
    expect(done.counts).toEqual({ queued: 0, sending: 0, created: 41, reused: 6, failed: 2, cancelled: 0 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.etaMs).toBeNull();

    const page = ws.bulk.rows(started.id, 0, 100);
    expect(page.total).toBe(49);
    const byIndex = page.rows;
    expect(byIndex[46]).toMatchObject({ status: 'failed', linkId: null });
    expect(byIndex[46]?.error).toMatch(/alias/i);
    expect(byIndex[47]?.error).toMatch(/reserved/i);
    // Duplicates point at the link their first row made.
    expect(byIndex[40]).toMatchObject({ status: 'reused', linkId: byIndex[3]?.linkId, shortUrl: byIndex[3]?.shortUrl });
    expect(byIndex[42]).toMatchObject({ status: 'reused', linkId: byIndex[7]?.linkId });
    expect(byIndex[44]).toMatchObject({ status: 'reused', linkId: byIndex[30]?.linkId });
    expect(byIndex[45]?.status).toBe('reused');
    expect(byIndex[48]).toMatchObject({ status: 'created' });
    expect(byIndex[48]?.shortUrl).toMatch(/\/one-again$/);
    for (const row of byIndex.filter((r) => r.status === 'created')) expect(row.shortUrl).toMatch(/^http/);

    const urls = await serviceUrls();
    for (let i = 0; i < 40; i++) expect(urls.get(url(i)), url(i)).toBe(i === 1 ? 2 : 1);
    expect(urls.get('https://example.com/already')).toBe(1);
    expect(urls.has('https://example.com/taken')).toBe(false);
    // The refusal stays with its row, not in the person's outbox.
    expect(ws.outbox.list()).toEqual([]);

    // Pushes are throttled: at least 250 ms apart for a job.
    const mine = events.filter((e) => e.job.id === started.id);
    expect(mine.length).toBeGreaterThan(1);
    for (let i = 1; i < mine.length; i++) expect((mine[i] as { at: number }).at - (mine[i - 1] as { at: number }).at).toBeGreaterThanOrEqual(240);
  });

  it('pauses (rows not yet sent come back out of the outbox) and resumes', async () => {
    const { ws, when } = openWorkspace();
    const job = ws.bulk.create({ name: 'Paused', rows: rowsOf(30), reuse: false });
    // Paused at once: the rows just queued in the outbox have not gone out, so they are taken back.
    const paused = ws.bulk.pause(job.id);
    expect(paused.status).toBe('paused');
    expect(paused.message).toMatch(/paused/i);
    const back = await when(job.id, (j) => j.counts.queued === 30);
    expect(back.counts.sending).toBe(0);
    await ws.outbox.idle();
    expect(ws.outbox.list()).toEqual([]);
    expect((await serviceUrls()).size).toBe(0);

    // Six creates reach the service; the seventh is on the wire when the job is paused.
    gate.allow(6);
    ws.bulk.resume(job.id);
    await when(job.id, (j) => j.counts.created === 6);
    ws.bulk.pause(job.id);
    gate.open();
    const still = await when(job.id, (j) => j.status === 'paused' && j.counts.sending === 0);
    await ws.outbox.idle();
    // The one on the wire was answered; the two behind it in the outbox were taken back.
    expect(still.counts).toMatchObject({ created: 7, queued: 23 });
    expect((await serviceUrls()).size).toBe(7);

    ws.bulk.resume(job.id);
    const done = await when(job.id, (j) => j.status === 'done');
    expect(done.counts.created).toBe(30);
    const urls = await serviceUrls();
    expect(urls.size).toBe(30);
    expect([...urls.values()].every((n) => n === 1)).toBe(true);
  });

  it('cancels: rows not sent are cancelled, links already made stay', async () => {
    const { ws, when } = openWorkspace();
    gate.allow(3);
    const job = ws.bulk.create({ name: 'Cancelled', rows: rowsOf(40), reuse: true });
    await when(job.id, (j) => j.counts.created === 3);
    const cancelled = ws.bulk.cancel(job.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.counts.queued).toBe(0);
    gate.open();
    const end = await when(job.id, settled);
    await ws.outbox.idle();
    // The create on the wire when cancelled was answered; every other row was cancelled.
    expect(end.counts).toMatchObject({ created: 4, cancelled: 36 });
    expect((await serviceUrls()).size).toBe(4);
    expect(() => ws.bulk.resume(job.id)).toThrow(/only a paused job/);

    ws.bulk.remove(job.id);
    expect(ws.bulk.list()).toEqual([]);
    expect(() => ws.bulk.rows(job.id)).toThrow(/no longer exists/);
    expect(ws.data.mirror.sql.count('SELECT COUNT(*) AS n FROM bulk_rows')).toBe(0);
  });

  it('refuses to remove a job still running', async () => {
    const { ws } = openWorkspace({ start: false });
    const job = ws.bulk.create({ name: 'Running', rows: rowsOf(2), reuse: true });
    expect(() => ws.bulk.remove(job.id)).toThrow(/Cancel this job first/);
  });

  it('resumes after a restart in the middle of a job without making any link twice', async () => {
    const first = openWorkspace();
    gate.allow(8);
    const job = first.ws.bulk.create({ name: 'Restarted', rows: rowsOf(50), reuse: true });
    await first.when(job.id, (j) => j.counts.created === 8);
    // The ninth create is on the wire (held), two more wait in the outbox: the app stops now.
    await closeWorkspace(first.ws);
    gate.open();

    const second = openWorkspace({ start: false });
    const before = second.ws.bulk.get(job.id);
    expect(before.status).toBe('running');
    // Rows in the outbox when it stopped are followed (the one on the wire looked up), not sent again.
    expect(before.counts).toMatchObject({ created: 8, sending: 3, queued: 39 });
    expect(second.ws.outbox.list()).toHaveLength(3);
    expect(second.ws.outbox.list()[0]?.outcomeUnknown).toBe(true);

    second.ws.start();
    const done = await second.when(job.id, (j) => j.status === 'done');
    expect(done.counts).toMatchObject({ created: 50, failed: 0, reused: 0 });
    const urls = await serviceUrls();
    expect(urls.size).toBe(50);
    expect([...urls.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const ids = second.ws.bulk.rows(job.id, 0, 100).rows.map((r) => r.linkId);
    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => typeof id === 'number' && id > 0)).toBe(true);
  });

  it('writes one result line per row that reads back as the job', async () => {
    const { ws, when } = openWorkspace();
    const rows: LinkInput[] = [
      { url: 'https://example.com/a?x=1,2', custom: 'csv-a' },
      { url: 'https://example.com/b', description: 'a "quoted" note\nover two lines' },
      { url: 'https://example.com/a?x=1,2' },
      { url: 'https://example.com/c', custom: 'admin' },
    ];
    const job = ws.bulk.create({ name: 'CSV: round/trip', rows, reuse: true });
    await when(job.id, (j) => j.status === 'done');
    const file = ws.bulk.resultCsv(job.id);
    expect(file).toMatchObject({ filename: 'csv-round-trip-results.csv', mime: 'text/csv' });

    const parsed = parseCsv(file.content);
    expect(parsed.problems).toEqual([]);
    expect(parsed.records[0]?.fields).toEqual([...RESULT_COLUMNS]);
    const lines = parsed.records.slice(1).map((r) => Object.fromEntries(RESULT_COLUMNS.map((c, i) => [c, r.fields[i]])));
    const stored = ws.bulk.rows(job.id).rows;
    expect(lines).toHaveLength(4);
    lines.forEach((line, i) => {
      const row = stored[i]!;
      expect(line).toEqual({
        row: String(i + 1),
        url: row.input.url,
        alias: row.input.custom ?? '',
        channel: '',
        campaign: '',
        domain: '',
        status: row.status,
        short_url: row.shortUrl ?? '',
        link_id: row.linkId === null ? '' : String(row.linkId),
        error: row.error ?? '',
        // A job without an import's adjustments has none to say (issue 39).
        notes: '',
      });
    });
    expect(lines.map((l) => l['status'])).toEqual(['created', 'created', 'reused', 'failed']);
  });
  it('an import run again reuses the links with its custom aliases instead of failing on them', async () => {
    const { ws, when, synced } = openWorkspace();
    await synced;
    const rows: LinkInput[] = [
      { url: 'https://example.com/a', custom: 'abc123' },
      { url: 'https://example.com/b', custom: 'Zz9' },
    ];
    const first = await when(ws.bulk.create({ name: 'Import', rows, reuse: true }).id, (j) => j.status === 'done');
    expect(first.counts).toMatchObject({ created: 2, failed: 0 });
    // Again, plus an alias taken by a link to another URL: that one is not the link asked for.
    const again = [...rows, { url: 'https://example.com/c', custom: 'abc123' }];
    const second = await when(ws.bulk.create({ name: 'Import again', rows: again, reuse: true }).id, (j) => j.status === 'done');
    expect(second.counts).toMatchObject({ created: 0, reused: 2, failed: 1 });
    const made = ws.bulk.rows(first.id, 0, 10).rows;
    const reused = ws.bulk.rows(second.id, 0, 10).rows;
    expect(reused.slice(0, 2).map((r) => r.linkId)).toEqual(made.map((r) => r.linkId));
    expect(reused[2]?.error).toMatch(/alias/i);
    const urls = await serviceUrls();
    expect([...urls.entries()].sort()).toEqual([['https://example.com/a', 1], ['https://example.com/b', 1]]);
  });
  it('keeps an import’s former click counts beside the links its rows get, made or reused', async () => {
    const { ws, when, synced } = openWorkspace();
    await synced;
    const rows: LinkInput[] = [{ url: 'https://example.com/old-a', custom: 'old-a' }, { url: 'https://example.com/old-b' }];
    const origin = { source: 'Bitly export', clicks: [120, null] };
    const job = await when(ws.bulk.create({ name: 'From Bitly', rows, reuse: true, origin }).id, (j) => j.status === 'done');
    const [a, b] = ws.bulk.rows(job.id, 0, 10).rows;
    expect(ws.data.mirror.linkDetails(a?.linkId as number)?.origins).toMatchObject([{ source: 'Bitly export', clicks: 120 }]);
    expect(ws.data.mirror.linkDetails(b?.linkId as number)?.origins).toEqual([]);
    // Run again with newer counts: the reused link keeps the latest of that source, once.
    const again = await when(ws.bulk.create({ name: 'Again', rows, reuse: true, origin: { source: 'Bitly export', clicks: [150, null] } }).id, (j) => j.status === 'done');
    expect(again.counts).toMatchObject({ reused: 2, created: 0 });
    expect(ws.data.mirror.linkDetails(a?.linkId as number)?.origins.map((o) => o.clicks)).toEqual([150]);
  });
  it('keeps one origin per source: a second source adds an entry with its created date and tags, and the first stays', async () => {
    const { ws, when, synced } = openWorkspace();
    await synced;
    const rows: LinkInput[] = [{ url: 'https://example.com/both', custom: 'both-src' }];
    const created = Date.UTC(2023, 3, 2, 9, 30);
    const bitly = { source: 'Bitly export', service: 'Bitly', clicks: [1200], created: [created], tags: [['q2', 'promo']] };
    const job = await when(ws.bulk.create({ name: 'From Bitly', rows, reuse: true, origin: bitly }).id, (j) => j.status === 'done');
    const linkId = ws.bulk.rows(job.id, 0, 1).rows[0]?.linkId as number;
    await when(ws.bulk.create({ name: 'From YOURLS', rows, reuse: true, origin: { source: 'YOURLS links', service: 'YOURLS', clicks: [7] } }).id, (j) => j.status === 'done');
    expect(ws.data.mirror.linkDetails(linkId)?.origins).toMatchObject([
      { source: 'Bitly export', service: 'Bitly', clicks: 1200, created, tags: ['q2', 'promo'] },
      { source: 'YOURLS links', service: 'YOURLS', clicks: 7, created: null, tags: [] },
    ]);
  });
});

describe('a row’s words in the job store (issue 44)', () => {
  it('keeps Linkdeck’s own sentences as keys, English for the command line, and reads an older version’s English as it is', () => {
    const { ws } = openWorkspace({ start: false });
    // The backend checks the rows again: a bad one fails alone, its reason kept as a key.
    const job = ws.bulk.create({ name: 'Words', rows: [{ url: 'ftp://example.com/a' }, { url: 'https://example.com/b' }, { url: 'https://example.com/c' }], reuse: true });
    // A job an older version stored: its rows hold English text only.
    ws.data.mirror.sql.run("UPDATE bulk_rows SET status = 'failed', error = ? WHERE job_id = ? AND idx = 1", ['The service refused this link.', job.id]);
    // The service's own words (not Linkdeck's) stay as they came, even when they look like JSON.
    ws.data.mirror.sql.run("UPDATE bulk_rows SET status = 'failed', error = ? WHERE job_id = ? AND idx = 2", ['{"key": no JSON here', job.id]);

    const [bad, old, service] = ws.bulk.rows(job.id, 0, 10).rows;
    expect(bad?.status).toBe('failed');
    expect(bad?.errorRef?.key).toMatch(/^validation\./);
    expect(bad?.error).toMatch(/"ftp:" scheme/);
    expect(old).toMatchObject({ status: 'failed', error: 'The service refused this link.' });
    expect(old?.errorRef).toBeUndefined();
    expect(service?.error).toBe('{"key": no JSON here');
    expect(service?.errorRef).toBeUndefined();
    // The result file, like the command line, says them in English.
    const csv = parseCsv(ws.bulk.resultCsv(job.id).content);
    const errorAt = RESULT_COLUMNS.indexOf('error');
    expect(csv.records.slice(1).map((r) => r.fields[errorAt])).toEqual([bad?.error, 'The service refused this link.', '{"key": no JSON here']);
  });
});
