/**
 * The PostgreSQL part of `npm run bench:service` (issue 42, item 8), run by service-bench.ts in
 * the same run as the SQLite figures and against the SQLite service it has just measured:
 *
 *  - a throwaway PostgreSQL cluster (tests/support/postgres-cluster.ts), durable as deployed
 *    (fsync and synchronous_commit on), seeded THROUGH SQL in batches with the very links of the
 *    SQLite database (same aliases, targeting and parameters), not through the API;
 *  - GET /api/urls?limit=100 and the click writer first (below), before any redirect's clicks;
 *  - redirects/s with every click written durably: one PostgreSQL node, then two nodes (two
 *    service processes on the one database, the same wrk load spread over both), against the
 *    SQLite node, in the same rounds (order reversed every other round);
 *  - CPU per redirect of the node(s) and of PostgreSQL (all its processes), the inputs of the
 *    capacity model in docs/benchmarks.md;
 *  - GET /api/urls?limit=100 at 100,000 links, p50 / p95 / p99 from one and ten clients, timed
 *    request by request in this process (autocannon's histogram has no p95);
 *  - the clicks/s one PostgreSQL absorbs: the service's own click writer (PostgresClickRecorder)
 *    driven directly, 1, 2 and 4 writers at once (as many nodes), rows counted in the table;
 *  - after SIGTERM, every answered redirect of the PostgreSQL nodes is a click row.
 * Where PostgreSQL cannot be started the part is skipped with the reason in the table.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../electron/service/database/postgres-open.js';
import { PostgresClickRecorder } from '../../electron/service/redirect/postgres-click-recorder.js';
import { createUserIn } from '../../electron/service/users.js';
import { openDatabase } from '../../electron/service/db.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { CONNECTIONS, type WrkResult } from './service-bench-load.js';

export interface BenchRow {
  measure: string;
  value: string;
  goal: string;
  result: 'PASS' | 'FAIL' | 'info' | 'n/a';
}

export interface PgBenchInput {
  /** The seeded SQLite data folder: its links are copied into PostgreSQL. */
  sqliteDir: string;
  sqliteUrl: string;
  sqliteKey: string;
  sqliteCpuSeconds: () => number;
  /** A service node on the database URL (service-bench.ts startServer). */
  startNode: (database: string) => Promise<{ url: string; child: ChildProcess }>;
  stopNode: (child: ChildProcess) => Promise<void>;
  /** wrk (or autocannon) against the servers at once, CONNECTIONS shared out between them. */
  load: (urls: string[], seconds: number) => Promise<WrkResult>;
  settleDisk: () => void;
  cpuSeconds: (pid: number) => number;
  rounds: number;
  duration: number;
}

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const med = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const SEED_BATCH = 5000;
/** Clicks handed to the click writers in the absorption test, shared out between them. */
const ABSORB_CLICKS = 60_000;

/** CPU seconds of the whole PostgreSQL server: the postmaster, its live children and the ones it reaped. */
function postgresCpuSeconds(cluster: PostgresCluster): number {
  const master = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    // After the name: state, ppid, … utime (11), stime (12), cutime (13), cstime (14).
    if (pid === master) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    else if (Number(f[1]) === master) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/** The SQLite links, copied through SQL in batches of SEED_BATCH (unnest of one array a column). */
async function seedPostgres(url: string, sqliteDir: string): Promise<{ key: string; links: number }> {
  const { store, close } = await openPostgres(url); // migrates the schema
  const user = await createUserIn(store, 'bench@localhost');
  await close();
  const db = openDatabase(sqliteDir);
  const rows = db
    .prepare('SELECT alias, long_url, title, geotarget, devicetarget, languagetarget, parameters, created_at, updated_at FROM links ORDER BY id')
    .all() as { alias: string; long_url: string; title: string; geotarget: string; devicetarget: string; languagetarget: string; parameters: string; created_at: number; updated_at: number }[];
  db.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < rows.length; i += SEED_BATCH) {
      const batch = rows.slice(i, i + SEED_BATCH);
      const col = <K extends keyof (typeof rows)[number]>(k: K) => batch.map((r) => r[k]);
      await client.query(
        `INSERT INTO links (user_id, domain_id, alias, long_url, title, geotarget, devicetarget, languagetarget, parameters, created_at, updated_at)
         SELECT $1, 0, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[])`,
        [user.id, col('alias'), col('long_url'), col('title'), col('geotarget'), col('devicetarget'), col('languagetarget'), col('parameters'), col('created_at'), col('updated_at')],
      );
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
  return { key: user.apiKey, links: rows.length };
}

/** GET `path` (a list) from `clients` loops for `seconds`, spread over `urls`; p50/p95/p99 in ms. */
async function listLatency(urls: string[], key: string, clients: number, seconds: number, path = '/api/urls?limit=100') {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; performance.now() < end; i++) {
        const t = performance.now();
        const res = await fetch(`${urls[i % urls.length]}${path}`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await res.json().catch(() => ({}))) as { error?: unknown };
        times.push(performance.now() - t);
        if (res.status !== 200 || body.error !== 0) failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] as number;
  return { p50: at(50), p95: at(95), p99: at(99), count: times.length, perSec: times.length / seconds, failed };
}

/** The service's click writer driven directly: `writers` recorders (one pool each, as nodes), ABSORB_CLICKS in all. */
async function absorb(url: string, writers: number, linkIds: [number, number], cluster: PostgresCluster) {
  const opened = await Promise.all(Array.from({ length: writers }, () => openPostgres(url)));
  const count = async () => Number((await opened[0]?.store.pool.query<{ n: string }>('SELECT count(*) AS n FROM clicks'))?.rows[0]?.n);
  try {
    const before = await count();
    const recorders = opened.map(({ store }) => new PostgresClickRecorder(store));
    const [lo, hi] = linkIds;
    const each = Math.floor(ABSORB_CLICKS / writers);
    const now = Date.now();
    // Buffered first (add() is what a redirect calls), so the timing is the writing alone.
    for (const recorder of recorders) {
      for (let i = 0; i < each; i++) {
        recorder.add(lo + Math.floor(Math.random() * (hi - lo + 1)), now + i, 'DE', 'https://t.co/abc', 'Chrome', 'Windows', 'Desktop', `v${i % 5000}`);
      }
    }
    const pg0 = postgresCpuSeconds(cluster);
    const me0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(recorders.map((r) => r.close()));
    const seconds = (performance.now() - t0) / 1000;
    const landed = (await count()) - before;
    const me = process.cpuUsage(me0);
    return { landed, expected: each * writers, perSec: landed / seconds, pgCpu: (postgresCpuSeconds(cluster) - pg0) / seconds, driverCpu: (me.user + me.system) / 1e6 / seconds };
  } finally {
    await Promise.all(opened.map((o) => o.close()));
  }
}

export async function benchPostgres(input: PgBenchInput): Promise<{ rows: BenchRow[]; ratioLines: string[]; sqliteAnswered: number; sqliteRuns: number }> {
  const rows: BenchRow[] = [];
  const ratioLines: string[] = [];
  const missing = postgresMissingReason();
  if (missing) {
    console.log(`PostgreSQL skipped: ${missing}.`);
    rows.push({ measure: 'PostgreSQL (one and two nodes, clicks absorbed)', value: `skipped: ${missing}`, goal: '', result: 'n/a' });
    return { rows, ratioLines, sqliteAnswered: 0, sqliteRuns: 0 };
  }
  let cluster: PostgresCluster;
  try {
    cluster = await startPostgresCluster({ durable: true });
  } catch (error) {
    const why = `PostgreSQL could not be started: ${(error as Error).message.split('\n')[0]}`;
    console.log(`PostgreSQL skipped: ${why}.`);
    rows.push({ measure: 'PostgreSQL (one and two nodes, clicks absorbed)', value: `skipped: ${why}`, goal: '', result: 'n/a' });
    return { rows, ratioLines, sqliteAnswered: 0, sqliteRuns: 0 };
  }
  const nodes: ChildProcess[] = [];
  let sqliteAnswered = 0;
  let sqliteRuns = 0;
  try {
    const database = await cluster.createDatabase('linkdeck_bench');
    const t0 = Date.now();
    const { key, links } = await seedPostgres(database, input.sqliteDir);
    console.log(`PostgreSQL (durable, port ${cluster.port}): seeded ${fmtInt(links)} links through SQL in batches of ${SEED_BATCH} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    const a = await input.startNode(database);
    nodes.push(a.child);
    const b = await input.startNode(database);
    nodes.push(b.child);
    console.log(`PostgreSQL nodes at ${a.url} and ${b.url}.`);

    console.log('API list latency at 100,000 links (1, then 10 clients, 5 s each; SQLite, PostgreSQL one node, two nodes)…');
    const apiTargets: [string, string[], string][] = [['SQLite 1 node', [input.sqliteUrl], input.sqliteKey], ['PostgreSQL 1 node', [a.url], key], ['PostgreSQL 2 nodes', [a.url, b.url], key]];
    const p95: Record<string, number> = {};
    for (const clients of [1, 10]) {
      for (const [label, urls, k] of apiTargets) {
        const l = await listLatency(urls, k, clients, 5);
        if (clients === 1) p95[label] = l.p95;
        rows.push({
          measure: `GET /api/urls?limit=100 p50 / p95 / p99, ${clients} client${clients > 1 ? 's' : ''}: ${label}`,
          value: `${l.p50.toFixed(2)} / ${l.p95.toFixed(2)} / ${l.p99.toFixed(2)} ms (${fmtInt(l.count)} requests, ${fmtInt(l.perSec)}/s${l.failed ? `, ${l.failed} failed` : ''})`,
          goal: 'no failures',
          result: l.failed ? 'FAIL' : 'info',
        });
      }
    }
    ratioLines.push(`ratio API list p95, 1 client, postgres-1/sqlite-1: ${ratio(p95['PostgreSQL 1 node'] as number, p95['SQLite 1 node'] as number)}; postgres-2/sqlite-1: ${ratio(p95['PostgreSQL 2 nodes'] as number, p95['SQLite 1 node'] as number)} (lower is faster)`);
    // Sorted by clicks (issue 42: the counts' own index must keep this order an index walk).
    for (const [label, urls, k] of apiTargets) {
      const l = await listLatency(urls, k, 1, 5, '/api/urls?limit=100&order=click');
      rows.push({
        measure: `GET /api/urls?limit=100&order=click p50 / p95 / p99, 1 client: ${label}`,
        value: `${l.p50.toFixed(2)} / ${l.p95.toFixed(2)} / ${l.p99.toFixed(2)} ms (${fmtInt(l.count)} requests, ${fmtInt(l.perSec)}/s${l.failed ? `, ${l.failed} failed` : ''})`,
        goal: 'no failures',
        result: l.failed ? 'FAIL' : 'info',
      });
    }

    // The click writer before any redirect: with the redirects' clicks still being written
    // (the writer is slower than the redirects, see docs/benchmarks.md) every later figure
    // would measure that backlog too.
    const range = new pg.Pool({ connectionString: database, max: 1 });
    const ids = (await range.query<{ lo: number; hi: number }>('SELECT min(id) AS lo, max(id) AS hi FROM links')).rows[0];
    await range.end();
    const linkIds: [number, number] = [Number(ids?.lo), Number(ids?.hi)];
    let absorbed = 0;
    console.log(`Clicks one PostgreSQL absorbs: the service's click writer driven directly, ${fmtInt(ABSORB_CLICKS)} clicks, 1, 2 and 4 writers…`);
    for (const writers of [1, 2, 4]) {
      const r = await absorb(database, writers, linkIds, cluster);
      absorbed += r.landed;
      rows.push({
        measure: `Clicks/s one PostgreSQL absorbs, ${writers} click writer${writers > 1 ? 's' : ''} at once (rows landed; PostgreSQL CPU, driver CPU in cores)`,
        value: `${fmtInt(r.perSec)}/s (${fmtInt(r.landed)} of ${fmtInt(r.expected)}; ${r.pgCpu.toFixed(2)}, ${r.driverCpu.toFixed(2)} cores)`,
        goal: 'every click landed',
        result: r.landed === r.expected ? 'info' : 'FAIL',
      });
      ratioLines.push(`clicks/s absorbed, ${writers} writer(s): ${fmtInt(r.perSec)} (PostgreSQL ${r.pgCpu.toFixed(2)} cores, driver ${r.driverCpu.toFixed(2)} cores)`);
    }
    type Kind = 'sqlite' | 'pg1' | 'pg2';
    const KINDS: Kind[] = ['sqlite', 'pg1', 'pg2'];
    const targets: Record<Kind, string[]> = { sqlite: [input.sqliteUrl], pg1: [a.url], pg2: [a.url, b.url] };
    const nodeCpu = (kind: Kind) =>
      kind === 'sqlite' ? input.sqliteCpuSeconds() : kind === 'pg1' ? input.cpuSeconds(a.child.pid as number) : input.cpuSeconds(a.child.pid as number) + input.cpuSeconds(b.child.pid as number);
    let pgAnswered = 0;
    const hit = async (kind: Kind, seconds: number) => {
      const r = await input.load(targets[kind], seconds);
      if (kind === 'sqlite') {
        sqliteAnswered += r.requests;
        sqliteRuns++;
      } else pgAnswered += r.requests;
      return r;
    };
    console.log('PostgreSQL warm-up (3 s each: one node, two nodes)…');
    await hit('pg1', 3);
    await hit('pg2', 3);
    const runs = new Map<Kind, WrkResult[]>(KINDS.map((k) => [k, []]));
    const nodeUs = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    const dbUs = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    for (let round = 1; round <= input.rounds; round++) {
      const order = round % 2 ? KINDS : [...KINDS].reverse();
      console.log(`PostgreSQL round ${round}/${input.rounds}: ${order.join(', ')}, ${CONNECTIONS} connections in all, ${input.duration} s each…`);
      for (const kind of order) {
        input.settleDisk();
        const n0 = nodeCpu(kind);
        const p0 = postgresCpuSeconds(cluster);
        const r = await hit(kind, input.duration);
        nodeUs.get(kind)?.push(((nodeCpu(kind) - n0) / r.requests) * 1e6);
        dbUs.get(kind)?.push(((postgresCpuSeconds(cluster) - p0) / r.requests) * 1e6);
        runs.get(kind)?.push(r);
      }
      console.log(`  ${KINDS.map((k) => `${k} ${fmtInt((runs.get(k) as WrkResult[])[round - 1]?.perSec ?? NaN)}/s`).join(', ')}`);
    }
    const rate = (k: Kind) => med((runs.get(k) as WrkResult[]).map((r) => r.perSec));
    const perRun = (k: Kind) => (runs.get(k) as WrkResult[]).map((r) => fmtInt(r.perSec)).join(' / ');
    const bad = [...(runs.get('pg1') as WrkResult[]), ...(runs.get('pg2') as WrkResult[])].reduce((n, r) => n + r.bad, 0);
    rows.push({ measure: 'SQLite one node, redirects/s per round (in the PostgreSQL rounds)', value: perRun('sqlite'), goal: '', result: 'info' });
    rows.push({ measure: 'PostgreSQL one node, redirects/s per round (durable clicks)', value: perRun('pg1'), goal: '', result: 'info' });
    rows.push({ measure: 'PostgreSQL two nodes, redirects/s per round (load spread over both)', value: perRun('pg2'), goal: '', result: 'info' });
    rows.push({ measure: 'ratio PostgreSQL 1 node / SQLite 1 node; 2 nodes / SQLite; 2 nodes / 1 node (medians)', value: `${ratio(rate('pg1'), rate('sqlite'))}; ${ratio(rate('pg2'), rate('sqlite'))}; ${ratio(rate('pg2'), rate('pg1'))}`, goal: '', result: 'info' });
    const cpuLine = KINDS.map((k) => `${k} ${med(nodeUs.get(k) as number[]).toFixed(1)} + ${med(dbUs.get(k) as number[]).toFixed(1)}`).join(' / ');
    rows.push({ measure: 'CPU µs per redirect (median), node(s) + PostgreSQL: sqlite / pg1 / pg2', value: cpuLine, goal: '', result: 'info' });
    rows.push({ measure: 'PostgreSQL nodes: answers other than 302', value: String(bad), goal: '0', result: bad === 0 ? 'PASS' : 'FAIL' });
    ratioLines.push(`ratio postgres-1/sqlite-1: ${ratio(rate('pg1'), rate('sqlite'))}; postgres-2/sqlite-1: ${ratio(rate('pg2'), rate('sqlite'))}; postgres-2/postgres-1: ${ratio(rate('pg2'), rate('pg1'))} (for information; 2 cores shared with the load generator)`);
    ratioLines.push(`CPU µs per redirect, node(s) + PostgreSQL: ${cpuLine}`);

    // Stopped nodes write their buffered clicks: every answered redirect must be a row. With the
    // recorder's back-pressure (postgres-click-recorder.ts) a node faster than the database makes
    // redirects wait instead of dropping clicks, so this holds at any load (it failed before:
    // 56 % lost, docs/benchmarks.md).
    for (const child of nodes.splice(0)) await input.stopNode(child);
    const pool = new pg.Pool({ connectionString: database, max: 1 });
    // The counters live in link_counts since schema 7 (issue 42); links.clicks before.
    const counters = (await pool.query<{ t: string | null }>("SELECT to_regclass('link_counts') AS t")).rows[0]?.t ? 'link_counts' : 'links';
    const stored = (await pool.query<{ clicks: string; counted: string }>(`SELECT (SELECT count(*) FROM clicks) AS clicks, (SELECT sum(clicks) FROM ${counters}) AS counted`)).rows[0];
    const updates = (await pool.query<{ upd: string; hot: string }>('SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = $1', [counters])).rows[0];
    await pool.end();
    rows.push({ measure: `PostgreSQL: updates of ${counters} that were HOT (pg_stat_user_tables, whole run)`, value: `${fmtInt(Number(updates?.hot))} of ${fmtInt(Number(updates?.upd))}`, goal: '', result: 'info' });
    const clicks = Number(stored?.clicks) - absorbed;
    const slack = (2 * input.rounds + 2) * CONNECTIONS;
    const clicksOk = clicks >= pgAnswered && clicks <= pgAnswered + slack && Number(stored?.counted) === clicks + absorbed;
    rows.push({ measure: 'PostgreSQL: clicks stored after SIGTERM (rows / links.clicks / answered)', value: `${fmtInt(clicks)} / ${fmtInt(Number(stored?.counted) - absorbed)} / ${fmtInt(pgAnswered)}`, goal: `rows = links.clicks, ≥ answered (≤ +${slack} in flight): none dropped`, result: clicksOk ? 'PASS' : 'FAIL' });

  } finally {
    for (const child of nodes) await input.stopNode(child);
    await cluster.stop();
  }
  return { rows, ratioLines, sqliteAnswered, sqliteRuns };
}
