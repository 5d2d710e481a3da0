/*
 * A move of N links (default 10,000) between two local link services, through the backend as the
 * app runs it: `npx tsx tests/bench/transfer-bench.ts [N]`. Not part of `npm run bench` (it takes
 * minutes). Both services run without a rate limit (`rateLimit: 0`, as the local workspace does),
 * so the figure is Linkdeck's own pace: three rows in flight, each create and delete durable in
 * the outbox. The source's links are made first through a bulk job (so Linkdeck knows their
 * fields, as for links made in the local workspace); only the move is timed.
 *
 * Prints the time, the requests each service received during the move (counted at the HTTP
 * level: every request the backend's fetch sent to that service, by method and path), the exact
 * counts on both services afterwards, and the machine's load. Exits with 1 if a count is wrong.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import type { BulkJob } from '../../electron/shared/bulk.js';
import type { ProfileSummary, Result } from '../../electron/shared/contract.js';
import type { TransferPlan, TransferRequest } from '../../electron/shared/transfer.js';
import { startTestService, type TestService } from '../support/service.js';

const N = Number(process.argv[2] ?? 10_000);

interface Counter {
  url: string;
  seen: Map<string, number>;
}

function countingFetch(counters: Counter[]): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    for (const c of counters) {
      if (!url.startsWith(c.url)) continue;
      const path = new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
      const k = `${(init?.method ?? 'GET').toUpperCase()} ${path}`;
      c.seen.set(k, (c.seen.get(k) ?? 0) + 1);
    }
    return globalThis.fetch(input, init);
  };
}

async function linkCount(service: TestService): Promise<{ total: number; aliases: Set<string> }> {
  const aliases = new Set<string>();
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await service.api<{ data: { urls: Array<{ alias: string }>; maxpage: number } }>('GET', `/api/urls?limit=100&page=${page}`);
    for (const u of r.json.data.urls) {
      total++;
      aliases.add(u.alias);
    }
    if (page >= r.json.data.maxpage) return { total, aliases };
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const source = await startTestService({ rateLimit: 0 });
  const target = await startTestService({ rateLimit: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-transfer-bench-'));
  const counters: Counter[] = [
    { url: source.url, seen: new Map() },
    { url: target.url, seen: new Map() },
  ];
  const backend = await createBackend({ dataDir, shell: 'web', secrets: new MemorySecretStore(), fetch: countingFetch(counters), log: () => {}, syncIntervals: { detailsCrawlMs: 0 } });
  const call = async <T>(channel: string, arg?: unknown): Promise<T> => {
    const r = (await backend.router.dispatch(channel, arg)) as Result<T>;
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  const finished = (id: string, test: (j: BulkJob) => boolean) =>
    new Promise<BulkJob>((resolve) => {
      const off = backend.subscribe((event, payload) => {
        const job = payload as BulkJob;
        if (event === 'bulk:changed' && job.id === id && test(job)) {
          off();
          resolve(job);
        }
      });
    });
  let exit = 0;
  try {
    const targetId = (await call<ProfileSummary>('profiles:connect', { name: 'Hosted', baseUrl: target.url, apiKey: target.key })).id;
    await call<ProfileSummary>('profiles:connect', { name: 'Workspace', baseUrl: source.url, apiKey: source.key });

    const rows = Array.from({ length: N }, (_, i) => ({ url: `https://bench.example/page/${i}?ref=move`, custom: `mv${i}` }));
    const seeding = Date.now();
    const seedJob = await call<BulkJob>('bulk:start', { name: 'seed', rows, reuse: false });
    await finished(seedJob.id, (j) => j.status === 'done');
    console.log(`seeded ${N} links on the source in ${((Date.now() - seeding) / 1000).toFixed(1)} s (load ${load()})`);
    const ids: number[] = [];
    for (let offset = 0; offset < N; offset += 1000) {
      const page = await call<{ rows: Array<{ linkId: number | null }> }>('bulk:rows', { id: seedJob.id, offset, limit: 1000 });
      for (const r of page.rows) if (r.linkId !== null) ids.push(r.linkId);
    }

    const request: TransferRequest = { targetProfileId: targetId, mode: 'move', ids, createMissing: true, aliasTaken: 'random' };
    const planStart = Date.now();
    const plan = await call<TransferPlan>('transfer:plan', request);
    console.log(`dry run: ${Date.now() - planStart} ms; toCreate ${plan.toCreate}, alreadyThere ${plan.alreadyThere}, unreadable ${plan.unreadable.length}, requests ${JSON.stringify(plan.requests)}`);
    for (const c of counters) c.seen.clear();

    const started = Date.now();
    const job = await call<BulkJob>('transfer:start', request);
    const done = await finished(job.id, (j) => j.status === 'done' && j.counts.sending === 0 && j.transfer !== undefined && j.transfer.removedFromSource + j.transfer.removeFailed === j.counts.created + j.counts.reused);
    const seconds = (Date.now() - started) / 1000;
    console.log(`move of ${N} links: ${seconds.toFixed(1)} s (${(N / seconds).toFixed(0)} links/s), load ${load()}`);
    console.log(`job: ${JSON.stringify(done.counts)}; removed from source ${done.transfer?.removedFromSource}, refused ${done.transfer?.removeFailed}`);
    for (const [name, c] of [['source', counters[0]], ['target', counters[1]]] as const) {
      const total = [...(c?.seen.values() ?? [])].reduce((a, b) => a + b, 0);
      console.log(`requests to the ${name} during the move: ${total} — ${[...(c?.seen ?? [])].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    }
    const onTarget = await linkCount(target);
    const onSource = await linkCount(source);
    console.log(`afterwards: target holds ${onTarget.total} links (${onTarget.aliases.size} distinct aliases), source ${onSource.total}`);
    if (onTarget.total !== N || onTarget.aliases.size !== N || onSource.total !== 0) {
      console.log('COUNTS WRONG');
      exit = 1;
    }
  } finally {
    await backend.close();
    await source.close();
    await target.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(exit);
}

void main();
