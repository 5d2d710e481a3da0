/*
 * A 10,000-row import, run by hand (not part of npm test or npm run bench: it takes minutes):
 *
 *   npx tsx tests/bench/import-bench.ts [rows]
 *
 * Writes a Bitly export of `rows` links (default 10,000: custom aliases, tags, click counts),
 * reads it as the Bulk view does (recognised columns, preview, alias check against the mirror,
 * the job's rows), and runs it through the real backend bulk path (a profile workspace: mirror,
 * outbox, scheduler, API client) against the real local service with a generous rate limit
 * (100,000 requests a minute; the service's default is 30). A counting proxy in front of the
 * service counts every HTTP request it receives. Then runs the same import again: it must create
 * nothing. Prints the times, the requests by route and the counts; exits 1 when a count is wrong.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { targetAliases } from '../../electron/backend/bulk/alias-taken.js';
import { openProfileWorkspace, type ProfileWorkspace } from '../../electron/backend/sync/index.js';
import { guessMapping, previewRows, tableFromCsv } from '../../electron/shared/bulk-import.js';
import type { BulkJob } from '../../electron/shared/bulk.js';
import { findAliasClashes, jobRows } from '../../electron/shared/import-aliases.js';
import type { SyncProgress } from '../../electron/shared/models.js';
import { startTestService } from '../support/service.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

const ROWS = Number(process.argv[2] ?? 10_000);

/** A Bitly export as its Links → Export writes it. */
function bitlyExport(n: number): string {
  const lines = ['Title,Bitlink,Long URL,Created,Custom Bitlinks,Tags,Engagements'];
  for (let i = 0; i < n; i++) {
    lines.push(`"Page ${i}, imported",bit.ly/imp${i.toString(36)}x,https://shop.example.com/p/${i}?utm_source=bitly,2025-03-01 10:00:00,,"${i % 2 ? 'promo' : 'news'}",${i % 500}`);
  }
  return `\ufeff${lines.join('\n')}\n`;
}

/** A plain HTTP proxy to the service that counts what it forwards, by method and path. */
async function countingProxy(target: string): Promise<{ url: string; counts: Map<string, number>; total(): number; close(): Promise<void> }> {
  const to = new URL(target);
  const counts = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]?.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const out = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function waitDone(ws: ProfileWorkspace, id: string, pushes: Set<(job: BulkJob) => void>): Promise<BulkJob> {
  return new Promise((resolve) => {
    const check = (job: BulkJob) => {
      if (job.id === id && job.status === 'done') {
        pushes.delete(check);
        resolve(job);
      }
    };
    pushes.add(check);
    check(ws.bulk.get(id));
  });
}

async function main(): Promise<void> {
  const service = await startTestService({ rateLimit: 100_000 });
  const proxy = await countingProxy(service.url);
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-import-bench-'));
  const api = profileApiFor(proxy.url, service.key, { postAttempts: 1 });
  const pushes = new Set<(job: BulkJob) => void>();
  let onSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const ws = openProfileWorkspace({
    dir,
    baseUrl: proxy.url,
    api,
    outboxServerMaxExecutionMs: 0,
    onProgress: (p: SyncProgress) => {
      if (p.phase === 'idle' && p.syncedAt !== null) onSynced();
    },
    onBulkChange: (job) => {
      for (const push of [...pushes]) push(job);
    },
  });
  const problems: string[] = [];
  try {
    ws.start();
    await synced;
    const file = join(dir, 'bitly-export.csv');
    writeFileSync(file, bitlyExport(ROWS));

    for (const run of [1, 2]) {
      const before = new Map(proxy.counts);
      const t0 = performance.now();
      // The dry run, as the Bulk view makes it.
      const table = tableFromCsv(readFileSync(file, 'utf8'));
      const preview = previewRows(table, guessMapping(table), { channels: [], campaigns: [], domains: [] }, Date.now());
      const aliases = preview.rows.map((r) => r.input?.custom).filter((a): a is string => !!a);
      const clashes = findAliasClashes(preview.rows, targetAliases(ws.data.mirror.sql, aliases));
      const rows = jobRows(preview.rows, clashes, { all: 'random', byLine: new Map() });
      const dryRunMs = performance.now() - t0;
      const t1 = performance.now();
      const started = ws.bulk.create({
        name: `Bitly import ${run}`,
        rows: rows.rows,
        reuse: true,
        origin: { source: 'Bitly export', clicks: rows.formerClicks },
        onAliasTaken: rows.onAliasTaken,
      });
      const done = await waitDone(ws, started.id, pushes);
      const jobMs = performance.now() - t1;
      const requests = new Map<string, number>();
      for (const [route, n] of proxy.counts) if (n - (before.get(route) ?? 0) > 0) requests.set(route, n - (before.get(route) ?? 0));
      const total = [...requests.values()].reduce((a, b) => a + b, 0);
      // A kept-alive connection the service closed meanwhile is reset: ask once more.
      const listed = () => service.api<{ data: { total?: number; result?: number } }>('GET', '/api/urls?limit=1&page=1');
      const links = (await listed().catch(listed)).json.data;
      console.log(`run ${run}: ${ROWS} rows, ${preview.invalid} unreadable, ${clashes.size} alias clashes in the dry run (${dryRunMs.toFixed(0)} ms)`);
      console.log(`  job: ${(jobMs / 1000).toFixed(1)} s, counts ${JSON.stringify(done.counts)}`);
      console.log(`  requests the service received: ${total} (${[...requests].map(([r, n]) => `${r} ${n}`).join(', ')})`);
      console.log(`  links on the service: ${JSON.stringify(links.total ?? links.result)}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      const created = requests.get('POST /api/url/add') ?? 0;
      if (run === 1 && (done.counts.created !== ROWS || created !== ROWS)) problems.push(`run 1 created ${done.counts.created} (${created} creates sent), expected ${ROWS}`);
      if (run === 2 && (done.counts.created !== 0 || done.counts.reused !== ROWS || created !== 0)) problems.push(`run 2 created ${done.counts.created} (${created} creates sent), reused ${done.counts.reused}; expected 0 and ${ROWS}`);
      if (clashes.size !== 0) problems.push(`run ${run}: ${clashes.size} alias clashes (expected none: same alias and URL is reuse)`);
    }
  } finally {
    await ws.close();
    api.close();
    await proxy.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

void main();
