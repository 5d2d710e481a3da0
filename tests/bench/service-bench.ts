/**
 * Benchmark of the local link service: `npm run bench:service`.
 *
 *  1. Seeds a fresh data dir with 100,000 links (one SQL transaction, user 1).
 *  2. Starts the service as a CHILD PROCESS through its command line, so the load generator and
 *     this driver never share its event loop (the driver only waits while wrk runs). The OS
 *     schedules the service (event loop + click-writer thread) and wrk's two threads on the two
 *     cores, as on any machine where both run. BENCH_PIN=1 pins the service to CPU 0 and wrk to
 *     CPU 1 (taskset): the service then has exactly one core for everything, a harsher figure
 *     that is also more sensitive to other load on the machine.
 *  3. Redirects: wrk, 50 connections, 10 s, 2 threads, after a 3 s warm-up, picking one of the
 *     100,000 aliases at random for every request (a Lua script), with a browser User-Agent,
 *     a referrer, Accept-Language and a country header, so every hit does the full work: host
 *     and link look-up (the service reads its links into its cache after it starts, during the
 *     warm-up: see LinkResolver.prewarm), targeting, user-agent parse, visitor hash,
 *     click buffering and batch writes.
 *  4. API, with the rate limit off, through autocannon: GET /api/urls?limit=100 and
 *     POST /api/url/add, first from one client (the latency a user of the app sees; the goals
 *     apply there), then from 10 concurrent clients (throughput, for information). "not
 *     available" when the links routes are missing.
 *  3b. The baseline (issue 15): a bare node:http server answering every request with a 302 and
 *     no work (bare-redirect-server.ts), started the same way and loaded by the same wrk command
 *     and script. The two are loaded in turn, BENCH_ROUNDS times each (default 2), and the ratio
 *     of the medians is the goal: `ratio redirects/bare` ≥ 0.80. Absolute rates are printed for
 *     information, with the machine's load before and after each run.
 *  3c. The same-work floor (issue 32: tests/bench/same-work-floor/, from shared/perf): plain
 *     node:http doing the direct redirect's work and writing the same click rows with the same
 *     durability window. It answers plain links only, so it and the service are loaded in turn
 *     with the plain aliases alone: `ratio redirects/floor` ≥ 0.95 is the goal.
 *  3d. The bundle (npm run build:service, into out/bench-service) on a copy of the seeded data,
 *     loaded like the service: `bundle vs npm run service redirects/s` must not be below 1
 *     (0.97 allows for run-to-run noise: it is the same code).
 *  5. Stops the service (its close writes the buffered clicks) and checks that the database holds
 *     one click per redirect answered, and that links.clicks agrees with the click rows.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_LINKS (default 100000), BENCH_PIN=1,
 * BENCH_WRK (path of wrk; when it is missing the redirects are measured with autocannon).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'libsql';
import { DB_FILE, openDatabase } from '../../electron/service/db.js';
import { CONNECTIONS, LUA, PIN, runAutocannonRedirects, runWrk, runWrkOn, WRK, type WrkResult } from './service-bench-load.js';
import { createUser } from '../../electron/service/users.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LINKS = Number(process.env['BENCH_LINKS'] ?? 100_000);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);

const ROUNDS = Math.max(2, Number(process.env['BENCH_ROUNDS'] ?? 2));
const GOALS = { redirectsPerBare: 0.8, apiP50Ms: 10, apiP99Ms: 50 };
const BARE_SERVER = join(import.meta.dirname, 'bare-redirect-server.ts');
/**
 * The same-work floor (issue 32, from the lead's shared/perf): plain node:http doing the direct
 * redirect's work for a plain link and writing the same click rows in the same schema with the
 * same durability window. It answers only plain links (no targeting, no parameters), so it and
 * the service are compared on those aliases alone.
 */
const FLOOR_SERVER = join(import.meta.dirname, 'same-work-floor/floor-302-clicks.mjs');
const GOAL_FLOOR = 0.95;
/** The bundle against `npm run service` (tsx): the same code, so equal up to run-to-run noise. */
const GOAL_BUNDLE = 0.97;

interface Row {
  measure: string;
  value: string;
  goal: string;
  result: 'PASS' | 'FAIL' | 'info' | 'n/a';
}
const rows: Row[] = [];
/** `ratio <name>: <value> (goal >= X)` lines (issue 15), printed after the table. */
const ratioLines: string[] = [];
const fmtMs = (ms: number) => `${ms.toFixed(2)} ms`;
/** autocannon's latency histogram counts whole milliseconds. */
const fmtWholeMs = (ms: number) => (ms < 1 ? '< 1 ms' : `${ms.toFixed(0)} ms`);
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');


// ---------------------------------------------------------------- seeding

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function seed(dataDir: string): { key: string; aliases: string[] } {
  const db = openDatabase(dataDir);
  try {
    const key = createUser(db, 'bench@localhost').apiKey;
    const aliases = new Set<string>();
    while (aliases.size < LINKS) {
      const bytes = randomBytes(7);
      let alias = '';
      for (const b of bytes) alias += ALPHABET[b % ALPHABET.length];
      aliases.add(alias);
    }
    const list = [...aliases];
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO links (user_id, domain_id, alias, long_url, title, geotarget, devicetarget, languagetarget, parameters, created_at, updated_at)
       VALUES (1, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Mostly plain links, with some targeting and parameters, as a real account has.
    db.transaction(() => {
      list.forEach((alias, i) => {
        const geo = i % 10 === 0 ? JSON.stringify([{ location: 'DE', link: `https://example.de/a/${i}` }]) : '[]';
        const device = i % 10 === 1 ? JSON.stringify([{ device: 'iphone', link: `https://m.example.com/a/${i}` }]) : '[]';
        const language = i % 10 === 2 ? JSON.stringify([{ language: 'fr', link: `https://example.fr/a/${i}` }]) : '[]';
        const params = i % 10 === 3 ? JSON.stringify([{ name: 'utm_source', value: 'linkdeck' }]) : '[]';
        insert.run(alias, `https://example.com/articles/${i}?ref=bench`, `Article ${i}`, geo, device, language, params, now - i * 1000, now);
      });
    })();
    return { key, aliases: list };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- the service process

type ServerKind = { kind: 'bare' } | { kind: 'service' | 'bundle'; dataDir: string } | { kind: 'floor'; dbFile: string };

/** Where the bench builds the bundle it measures (npm run build:service into its own folder). */
const BUNDLE_DIR = join(ROOT, 'out/bench-service');

async function startServer(server: ServerKind): Promise<{ url: string; child: ChildProcess }> {
  // The load comes from one loopback address, limited like any other (issue 32): a page limit no
  // run reaches keeps the limiter's work in the measure without refusing.
  const serviceFlags = (dataDir: string) => ['--port', '0', '--data', dataDir, '--rate-limit', '0', '--page-limit', '999999999'];
  const args =
    server.kind === 'bare'
      ? ['--import', 'tsx', BARE_SERVER, '--port', '0']
      : server.kind === 'floor'
        ? [FLOOR_SERVER, '0', server.dbFile, '--array-headers', '--headers-object', '--service-timeouts']
        : server.kind === 'bundle'
          ? [join(BUNDLE_DIR, 'cli.js'), ...serviceFlags(server.dataDir)]
          : ['--import', 'tsx', join(ROOT, 'electron/service/cli.ts'), ...serviceFlags(server.dataDir)];
  const [cmd, cmdArgs] = PIN ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, cmdArgs as string[], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Base URL: (\S+)/.exec(out);
      if (m) ok(m[1] as string);
    });
    child.once('exit', (code) => fail(new Error(`the service exited (code ${code}) before it printed its Base URL:\n${out}`)));
  });
  return { url, child };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- API endpoints

async function benchApi(url: string, key: string, label: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const probe = await fetch(url + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const probeJson = (await probe.json().catch(() => ({}))) as { error?: unknown; message?: string };
  if (probe.status !== 200 || probeJson.error !== 0) {
    const why = probe.status === 404 ? 'endpoint not implemented yet' : `HTTP ${probe.status} ${probeJson.message ?? ''}`.trim();
    rows.push({ measure: `${label} p50 / p99, 1 client`, value: `not available (${why})`, goal: `≤ ${GOALS.apiP50Ms} / ${GOALS.apiP99Ms} ms`, result: 'n/a' });
    return;
  }
  const run = (connections: number) =>
    autocannon({ url: url + path, connections, duration: 5, method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const one = await run(1);
  const failedOne = one.non2xx + one.errors;
  const ok = one.latency.p50 <= GOALS.apiP50Ms && one.latency.p99 <= GOALS.apiP99Ms && failedOne === 0;
  rows.push({
    measure: `${label} p50 / p99, 1 client`,
    value: `${fmtWholeMs(one.latency.p50)} / ${fmtWholeMs(one.latency.p99)} (${fmtInt(one.requests.average)}/s${failedOne ? `, ${failedOne} failed` : ''})`,
    goal: `≤ ${GOALS.apiP50Ms} / ${GOALS.apiP99Ms} ms`,
    result: ok ? 'PASS' : 'FAIL',
  });
  const ten = await run(10);
  const failedTen = ten.non2xx + ten.errors;
  rows.push({
    measure: `${label} p50 / p99, 10 clients`,
    value: `${fmtWholeMs(ten.latency.p50)} / ${fmtWholeMs(ten.latency.p99)} (${fmtInt(ten.requests.average)}/s${failedTen ? `, ${failedTen} failed` : ''})`,
    goal: 'no failures',
    result: failedTen === 0 ? 'info' : 'FAIL',
  });
}

// ---------------------------------------------------------------- main

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-bench-'));
  let child: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let bundle: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  try {
    const t0 = Date.now();
    const { key, aliases } = seed(dataDir);
    console.log(`Seeded ${fmtInt(LINKS)} links in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    const aliasFile = join(dataDir, 'aliases.txt');
    writeFileSync(aliasFile, aliases.join('\n') + '\n');
    const script = join(dataDir, 'random-alias.lua');
    writeFileSync(script, LUA);

    // Copies of the seeded database, made before anything writes to it: the bundle's own data
    // folder (one service per folder) and the floor's file.
    const bundleDir = join(dataDir, 'bundle');
    mkdirSync(bundleDir, { mode: 0o700 });
    copyFileSync(join(dataDir, DB_FILE), join(bundleDir, DB_FILE));
    const floorDb = join(dataDir, 'floor.db');
    copyFileSync(join(dataDir, DB_FILE), floorDb);
    // The floor reads the visitor salt the service makes on its first redirect; this copy has had none.
    const floorCopy = new Database(floorDb);
    floorCopy.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES ('visitor_salt', ?)").run(randomBytes(16).toString('hex'));
    floorCopy.close();
    const plainFile = join(dataDir, 'plain-aliases.txt');
    writeFileSync(plainFile, aliases.filter((_, i) => i % 10 >= 4).join('\n') + '\n');
    const build = spawnSync(process.execPath, ['scripts/build-service.mjs', '--outdir', BUNDLE_DIR], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build:service failed: ${build.stderr}`);

    const server = await startServer({ kind: 'service', dataDir });
    child = server.child;
    const { url } = server;
    console.log(`Service at ${url} (child process ${child.pid})${PIN ? ', pinned to CPU 0; wrk on CPU 1' : ''}.`);
    const bareServer = await startServer({ kind: 'bare' });
    bare = bareServer.child;
    const bundleServer = await startServer({ kind: 'bundle', dataDir: bundleDir });
    bundle = bundleServer.child;
    const floorServer = await startServer({ kind: 'floor', dbFile: floorDb });
    floor = floorServer.child;
    console.log(`Bundle (node out/bench-service/cli.js) at ${bundleServer.url}; same-work floor at ${floorServer.url}.`);
    const bareUrl = bareServer.url;
    console.log(`Bare node:http 302 server at ${bareUrl} (child process ${bare.pid}).`);
    const bareAnswer = await fetch(`${bareUrl}/${aliases[0]}`, { redirect: 'manual' });
    if (bareAnswer.status !== 302) throw new Error(`The bare server answered ${bareAnswer.status}, not 302.`);

    // Sanity: the seeded links answer with redirects to their long URLs.
    let sanity = 0;
    for (const i of [0, 1, LINKS - 1]) {
      const res = await fetch(`${url}/${aliases[i]}`, { redirect: 'manual' });
      sanity++;
      if (res.status !== 302 || !res.headers.get('location')?.startsWith('https://example.com/articles/')) {
        throw new Error(`/${aliases[i]} answered ${res.status} ${res.headers.get('location')}; expected a 302 to its long URL.`);
      }
    }

    const haveWrk = existsSync(WRK);
    if (!haveWrk) console.log(`wrk is not installed (${WRK}): measuring redirects with autocannon instead (apt-get install wrk for the reference figure).`);
    const tool = haveWrk ? 'wrk' : 'autocannon';
    const hammer = (target: string, seconds: number) => (haveWrk ? Promise.resolve(runWrk(target, script, aliasFile, seconds)) : runAutocannonRedirects(target, aliases, seconds));
    const plainAliases = aliases.filter((_, i) => i % 10 >= 4);
    const hammerPlain = (target: string, seconds: number) =>
      haveWrk ? Promise.resolve(runWrkOn(target, script, plainFile, seconds)) : runAutocannonRedirects(target, plainAliases, seconds);

    // Other work on the machine skews every figure: say how busy it was.
    const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
    const loadBefore = load();
    console.log(`Load average before the run: ${loadBefore} (${availableParallelism()} CPUs).`);
    console.log('Warm-up (3 s each)…');
    const bareWarm = await hammer(bareUrl, 3);
    const warm = await hammer(url, 3);
    await hammer(bundleServer.url, 3);
    await hammerPlain(floorServer.url, 3);
    const ours: WrkResult[] = [];
    const bares: WrkResult[] = [];
    const bundles: WrkResult[] = [];
    const floors: WrkResult[] = [];
    const oursPlain: WrkResult[] = [];
    const loads: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round}/${ROUNDS}: bare, service, bundle (all links), then floor and service (plain links), with ${tool}: ${CONNECTIONS} connections, ${DURATION} s each…`);
      const before = load();
      // Pairs in alternating order (ABBA over the rounds): a server loaded right after another
      // shares the cores with that one's click writer still writing its backlog.
      const odd = round % 2 === 1;
      bares.push(await hammer(bareUrl, DURATION));
      if (odd) {
        ours.push(await hammer(url, DURATION));
        bundles.push(await hammer(bundleServer.url, DURATION));
        floors.push(await hammerPlain(floorServer.url, DURATION));
        oursPlain.push(await hammerPlain(url, DURATION));
      } else {
        bundles.push(await hammer(bundleServer.url, DURATION));
        ours.push(await hammer(url, DURATION));
        oursPlain.push(await hammerPlain(url, DURATION));
        floors.push(await hammerPlain(floorServer.url, DURATION));
      }
      loads.push(`${before} → ${load()}`);
      const last = (runs: WrkResult[]) => fmtInt(runs[round - 1]!.perSec);
      console.log(`  bare ${last(bares)}/s, service ${last(ours)}/s, bundle ${last(bundles)}/s; plain links: floor ${last(floors)}/s, service ${last(oursPlain)}/s (load ${loads[round - 1]})`);
    }
    const med = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    };
    const ratio = Number((med(ours.map((r) => r.perSec)) / med(bares.map((r) => r.perSec))).toFixed(2));
    const perRun = (runs: WrkResult[], pick: (r: WrkResult) => string) => runs.map(pick).join(' / ');

    rows.push({ measure: `Load average (1, 5, 15 min) per round, before → after (${availableParallelism()} CPUs)`, value: loads.join('; '), goal: '', result: 'info' });
    rows.push({ measure: `Bare node:http 302/s per round (${tool}, ${CONNECTIONS} conn, ${DURATION} s)`, value: perRun(bares, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: `Redirects/s with click recording per round (${fmtInt(LINKS)} links)`, value: perRun(ours, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'Redirect latency p50 / p99 per round (bare: p99)', value: `${perRun(ours, (r) => `${fmtMs(r.p50)} / ${fmtMs(r.p99)}`)} (bare: ${perRun(bares, (r) => fmtMs(r.p99))})`, goal: '', result: 'info' });
    rows.push({ measure: 'ratio redirects/bare (medians)', value: `${ratio}`, goal: `≥ ${GOALS.redirectsPerBare}`, result: ratio >= GOALS.redirectsPerBare ? 'PASS' : 'FAIL' });
    const bad = ours.reduce((n, r) => n + r.bad, warm.bad);
    const socketErrors = [...ours, warm].map((r) => r.socketErrors).filter((e) => e !== 'none');
    const bareBad = bares.reduce((n, r) => n + r.bad, bareWarm.bad);
    if (bareBad > 0) throw new Error(`The bare server answered ${bareBad} requests with something other than a 302.`);
    rows.push({ measure: 'Answers other than 302 / socket errors', value: `${bad} / ${socketErrors.length ? socketErrors.join('; ') : 'none'}`, goal: '0 / none', result: bad === 0 && socketErrors.length === 0 ? 'PASS' : 'FAIL' });
    ratioLines.push(`ratio redirects/bare: ${ratio} (goal >= ${GOALS.redirectsPerBare})`);
    const ratioOf = (a: WrkResult[], b: WrkResult[]) => Number((med(a.map((r) => r.perSec)) / med(b.map((r) => r.perSec))).toFixed(2));
    const floorRatio = ratioOf(oursPlain, floors);
    const bundleRatio = ratioOf(bundles, ours);
    rows.push({ measure: 'Same-work floor 302/s per round (plain links)', value: perRun(floors, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'Service redirects/s per round (plain links)', value: perRun(oursPlain, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'ratio redirects/floor (same work, medians)', value: `${floorRatio}`, goal: `≥ ${GOAL_FLOOR}`, result: floorRatio >= GOAL_FLOOR ? 'PASS' : 'FAIL' });
    rows.push({ measure: 'Bundle redirects/s per round (node out/…/cli.js)', value: perRun(bundles, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'bundle vs npm run service redirects/s (medians)', value: `${bundleRatio}`, goal: `≥ ${GOAL_BUNDLE} (not slower)`, result: bundleRatio >= GOAL_BUNDLE ? 'PASS' : 'FAIL' });
    const floorBad = floors.reduce((n, r) => n + r.bad, 0);
    if (floorBad > 0) throw new Error(`The floor answered ${floorBad} plain-link requests with something other than a 302.`);
    ratioLines.push(`ratio redirects/floor: ${floorRatio} (goal >= ${GOAL_FLOOR})`);
    ratioLines.push(`bundle vs npm run service redirects/s: ${bundleRatio} (goal >= ${GOAL_BUNDLE}: not slower)`);
    console.log(`Load average after the redirects: ${load()}.`);
    await stopServer(bare);
    bare = undefined;
    await stopServer(bundle);
    bundle = undefined;
    await stopServer(floor);
    floor = undefined;

    console.log('Measuring the API with autocannon (1, then 10 clients, 5 s each)…');
    await benchApi(url, key, 'GET /api/urls?limit=100', 'GET', '/api/urls?limit=100');
    await benchApi(url, key, 'POST /api/url/add', 'POST', '/api/url/add', { url: 'https://example.com/from-the-benchmark' });

    // Closing flushes the click buffer; then every answered redirect must be in the database.
    await stopServer(child);
    child = undefined;
    const db = openDatabase(dataDir);
    const stored = db.prepare('SELECT (SELECT COUNT(*) FROM clicks) AS clicks, (SELECT SUM(clicks) FROM links) AS counted').get() as { clicks: number; counted: number };
    db.close();
    const answered = warm.requests + [...ours, ...oursPlain].reduce((n, r) => n + r.requests, 0) + sanity;
    // wrk stops counting with requests still in flight (at most one per connection per run),
    // which the service answers and records.
    const slack = (2 * ROUNDS + 1) * CONNECTIONS;
    const clicksOk = stored.clicks >= answered && stored.clicks <= answered + slack && stored.counted === stored.clicks;
    rows.push({
      measure: 'Clicks stored after close (rows / links.clicks / answered)',
      value: `${fmtInt(stored.clicks)} / ${fmtInt(stored.counted)} / ${fmtInt(answered)}`,
      goal: `rows = links.clicks, ≥ answered (≤ +${slack} in flight)`,
      result: clicksOk ? 'PASS' : 'FAIL',
    });
  } finally {
    for (const left of [child, bare, bundle, floor]) if (left) await stopServer(left);
    rmSync(dataDir, { recursive: true, force: true });
  }

  printTable(rows);
  for (const line of ratioLines) console.log(line);
  const failed = rows.filter((r) => r.result === 'FAIL').length;
  console.log(failed ? `${failed} goal(s) not met.` : 'All goals met.');
  process.exitCode = failed ? 1 : 0;
}

function printTable(table: Row[]) {
  const headers: (keyof Row)[] = ['measure', 'value', 'goal', 'result'];
  const widths = headers.map((h) => Math.max(h.length, ...table.map((r) => r[h].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log();
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table) console.log(line(headers.map((h) => r[h])));
  console.log();
}

await main();
