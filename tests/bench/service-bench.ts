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
 *  3b. The baselines, started the same way and loaded by the same wrk command and script:
 *     - the bare server (issue 15): node:http answering every request with a 302 and no work
 *       (bare-redirect-server.ts); `ratio redirects/bare` ≥ 0.80 was its goal, out of reach
 *       since clicks are recorded durably (issue 32 keeps it for information);
 *     - the same-work floor (issue 32, item 10): plain node:http doing the direct redirect's work
 *       for a plain link and writing the same click rows, in the same schema, with the same
 *       durability window (redirect-floor-server.mjs + redirect-floor-writer.mjs, copied from
 *       the shared perf folder the issue names), on a copy of the seeded database. The goal:
 *       `ratio service/floor` ≥ 0.95;
 *     - the standalone bundle (`npm run build:service`, run with plain node on its own copy of
 *       the database) against the service run as `npm run service` does (tsx): the bundle must
 *       not be slower, `ratio bundle/service` ≥ 0.97 (1.00 within the rounds' noise).
 *     The floor answers only plain links (no targeting or parameters), so every server is loaded
 *     with the same list of the seeded PLAIN links (6 in 10). They are loaded in turn (bare,
 *     floor, service, bundle; the reverse order every other round), BENCH_ROUNDS times each
 *     (default 2), and ratios are of the medians.
 *     Beside the rates, the CPU time each server process used per redirect (all its threads,
 *     from /proc/<pid>/stat over the round) is printed: it depends far less on other load on
 *     the machine than the rates do. Absolute rates are for information, with the machine's
 *     load before and after each round.
 *  5. Stops the service (its close writes the buffered clicks) and checks that the database holds
 *     one click per redirect answered, and that links.clicks agrees with the click rows.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_LINKS (default 100000), BENCH_PIN=1,
 * BENCH_BASELINE_SERVICE (the cli.ts of another checkout, e.g. the branch before a change: run
 * like the service on its own copy of the data and loaded in the same rounds, for an A/B),
 * BENCH_WRK (path of wrk; when it is missing the redirects are measured with autocannon).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../electron/service/db.js';
import { createUser } from '../../electron/service/users.js';
import { visitorSalt } from '../../electron/service/redirect/visitor.js';
import { CONNECTIONS, LUA, PIN, runAutocannonRedirects, runWrk, runWrkSpread, sumResults, WRK, type WrkResult } from './service-bench-load.js';
import { benchPostgres } from './service-bench-pg.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LINKS = Number(process.env['BENCH_LINKS'] ?? 100_000);
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);

const ROUNDS = Math.max(2, Number(process.env['BENCH_ROUNDS'] ?? 2));
const GOALS = { redirectsPerBare: 0.8, servicePerFloor: 0.95, bundlePerService: 0.97, apiP50Ms: 10, apiP99Ms: 50 };
/** Short-link requests a minute per address: more than any run here can send (see startServer). */
const PAGE_LIMIT = 999_999_999;
const BARE_SERVER = join(import.meta.dirname, 'bare-redirect-server.ts');
const FLOOR_SERVER = join(import.meta.dirname, 'redirect-floor-server.mjs');
const BUNDLE_DIR = join(ROOT, 'out/bench-service');

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

function seed(dataDir: string): { key: string; aliases: string[]; plain: string[] } {
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
    // The salt the service makes on its first start: the floor reads it from its copy.
    visitorSalt(db);
    return { key, aliases: list, plain: list.filter((_, i) => i % 10 >= 4) };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- the service process

type ServerKind = 'bare' | 'floor' | 'service' | 'bundle' | 'baseline' | 'postgres';
const BASELINE = process.env['BENCH_BASELINE_SERVICE'];

/** `at`: the data folder (service, bundle), the database file (floor) or URL (postgres: a node on it). */
async function startServer(kind: ServerKind, at = ''): Promise<{ url: string; child: ChildProcess }> {
  // Every request comes from 127.0.0.1, which the standalone service limits like any address
  // (issue 32, item 9): the per-address page limit is raised out of reach rather than turned
  // off, so its bookkeeping (a count per address) is still done on every redirect, as it is
  // for real visitors.
  const service = ['--port', '0', '--data', at, '--rate-limit', '0', '--page-limit', String(PAGE_LIMIT)];
  const args = {
    bare: ['--import', 'tsx', BARE_SERVER, '--port', '0'],
    floor: [FLOOR_SERVER, '0', at],
    // What `npm run service` runs (tsx), without npm in between.
    service: ['--import', 'tsx', join(ROOT, 'electron/service/cli.ts'), ...service],
    bundle: [join(BUNDLE_DIR, 'cli.js'), ...service],
    baseline: ['--import', 'tsx', BASELINE ?? '', ...service],
    postgres: ['--import', 'tsx', join(ROOT, 'electron/service/cli.ts'), ...service.slice(0, 2), '--database', at, ...service.slice(4)],
  }[kind];
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

/** CPU seconds (user + system, all threads) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the file (11 and 12 after the name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Writes every dirty page of the page cache to disk (`sync`) before a server's run. The kernel
 * writes a file's dirty pages back ~30 s after they were written (vm.dirty_expire_centisecs),
 * so without this the clicks one server wrote were written back during a later server's run,
 * on its core: in ABCD/DCBA order the service always ran after another click writer while the
 * floor ran after the bare server (no writes) one round in two (pinned, service/floor read 0.92
 * without this and 0.97 with it; issue 32, item 10). Each run now pays only for its own writes.
 */
function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' });
}

/** `npm run build:service` into BUNDLE_DIR; the path of the bundle's cli.js. */
function buildBundle(): string {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const built = spawnSync(process.execPath, ['electron/service/bundle.mjs', '--outdir', BUNDLE_DIR], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:service failed: ${built.stderr}${built.stdout}`);
  return join(BUNDLE_DIR, 'cli.js');
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
  // The bundle's own copy of the data (one service per data folder) and the floor's database.
  const bundleDir = mkdtempSync(join(tmpdir(), 'linkdeck-bench-bundle-'));
  const floorDir = mkdtempSync(join(tmpdir(), 'linkdeck-bench-floor-'));
  const baselineDir = mkdtempSync(join(tmpdir(), 'linkdeck-bench-baseline-'));
  let child: ChildProcess | undefined;
  const others = new Map<ServerKind, ChildProcess>();
  try {
    const t0 = Date.now();
    const { key, aliases, plain } = seed(dataDir);
    console.log(`Seeded ${fmtInt(LINKS)} links in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    // Whole copies (VACUUM INTO also carries what is still in the -wal file).
    const seeded = openDatabase(dataDir);
    for (const dir of [bundleDir, floorDir, baselineDir]) seeded.exec(`VACUUM INTO '${join(dir, 'linkdeck-service.db')}'`);
    seeded.close();
    const t1 = Date.now();
    buildBundle();
    console.log(`Built the standalone bundle (npm run build:service) in ${((Date.now() - t1) / 1000).toFixed(1)} s.`);
    // Every server is loaded with the plain links: the only ones the floor answers (see above).
    const aliasFile = join(dataDir, 'aliases.txt');
    writeFileSync(aliasFile, plain.join('\n') + '\n');
    const script = join(dataDir, 'random-alias.lua');
    writeFileSync(script, LUA);

    const server = await startServer('service', dataDir);
    child = server.child;
    const { url } = server;
    console.log(`Service (as npm run service runs it) at ${url} (child process ${child.pid})${PIN ? ', pinned to CPU 0; wrk on CPU 1' : ''}.`);
    const urls = new Map<ServerKind, string>([['service', url]]);
    const more: [ServerKind, string][] = [['bare', ''], ['floor', join(floorDir, 'linkdeck-service.db')], ['bundle', bundleDir]];
    if (BASELINE) more.push(['baseline', baselineDir]);
    for (const [kind, at] of more) {
      const started = await startServer(kind, at);
      others.set(kind, started.child);
      urls.set(kind, started.url);
      console.log(`${kind} at ${started.url} (child process ${started.child.pid}).`);
      const answer = await fetch(`${started.url}/${plain[0]}`, { method: 'HEAD', redirect: 'manual' });
      if (answer.status !== 302) throw new Error(`The ${kind} server answered ${answer.status}, not 302.`);
    }

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
    const hammer = (target: string, seconds: number) => (haveWrk ? Promise.resolve(runWrk(target, script, aliasFile, seconds)) : runAutocannonRedirects(target, plain, seconds));
    const pidOf = (kind: ServerKind) => (kind === 'service' ? child : others.get(kind))?.pid as number;

    // Other work on the machine skews every figure: say how busy it was.
    const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`Load average before the run: ${load()} (${availableParallelism()} CPUs).`);
    const KINDS: ServerKind[] = ['bare', 'floor', 'service', 'bundle', ...(BASELINE ? (['baseline'] as const) : [])];
    const warm = new Map<ServerKind, WrkResult>();
    console.log('Warm-up (3 s each)…');
    for (const kind of KINDS) warm.set(kind, await hammer(urls.get(kind) as string, 3));
    const runs = new Map<ServerKind, WrkResult[]>(KINDS.map((k) => [k, []]));
    /** CPU µs per answered request, per round. */
    const cpu = new Map<ServerKind, number[]>(KINDS.map((k) => [k, []]));
    const loads: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`Round ${round}/${ROUNDS}: ${(round % 2 ? KINDS : [...KINDS].reverse()).join(', ')} in turn, with ${tool}: ${CONNECTIONS} connections, ${DURATION} s each…`);
      const before = load();
      // ABCD, then DCBA: a drift in the machine's load weighs on every server alike.
      for (const kind of round % 2 ? KINDS : [...KINDS].reverse()) {
        settleDisk();
        const cpu0 = cpuSeconds(pidOf(kind));
        const r = await hammer(urls.get(kind) as string, DURATION);
        cpu.get(kind)?.push(((cpuSeconds(pidOf(kind)) - cpu0) / r.requests) * 1e6);
        runs.get(kind)?.push(r);
      }
      loads.push(`${before} → ${load()}`);
      const last = (kind: ServerKind) => runs.get(kind)?.[round - 1] as WrkResult;
      console.log(`  ${KINDS.map((k) => `${k} ${fmtInt(last(k).perSec)}/s (${(cpu.get(k)?.[round - 1] as number).toFixed(1)} CPU µs each)`).join(', ')} (load ${loads[round - 1]})`);
    }
    const med = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    };
    const rate = (kind: ServerKind) => med((runs.get(kind) as WrkResult[]).map((r) => r.perSec));
    const cpuEach = (kind: ServerKind) => med(cpu.get(kind) as number[]);
    const ratioOf = (a: number, b: number) => Number((a / b).toFixed(2));
    const ratio = ratioOf(rate('service'), rate('bare'));
    const perFloor = ratioOf(rate('service'), rate('floor'));
    const bundlePerService = ratioOf(rate('bundle'), rate('service'));
    const perRun = (runsOf: WrkResult[], pick: (r: WrkResult) => string) => runsOf.map(pick).join(' / ');
    const ours = runs.get('service') as WrkResult[];
    const bares = runs.get('bare') as WrkResult[];

    rows.push({ measure: `Load average (1, 5, 15 min) per round, before → after (${availableParallelism()} CPUs)`, value: loads.join('; '), goal: '', result: 'info' });
    rows.push({ measure: `Bare node:http 302/s per round (${tool}, ${CONNECTIONS} conn, ${DURATION} s)`, value: perRun(bares, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'Same-work floor redirects/s per round (node:http + the same click rows)', value: perRun(runs.get('floor') as WrkResult[], (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: `Redirects/s with click recording per round (npm run service; ${fmtInt(plain.length)} plain links of ${fmtInt(LINKS)})`, value: perRun(ours, (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({ measure: 'Redirects/s of the standalone bundle per round (node out/…/cli.js)', value: perRun(runs.get('bundle') as WrkResult[], (r) => fmtInt(r.perSec)), goal: '', result: 'info' });
    rows.push({
      measure: `CPU µs per redirect, all threads (median): ${KINDS.join(' / ')}`,
      value: KINDS.map((k) => cpuEach(k).toFixed(1)).join(' / ') + (BASELINE ? ` (baseline: ${BASELINE})` : ''),
      goal: '',
      result: 'info',
    });
    rows.push({ measure: 'Redirect latency p50 / p99 per round (bare: p99)', value: `${perRun(ours, (r) => `${fmtMs(r.p50)} / ${fmtMs(r.p99)}`)} (bare: ${perRun(bares, (r) => fmtMs(r.p99))})`, goal: '', result: 'info' });
    rows.push({ measure: 'ratio redirects/bare (medians)', value: `${ratio}`, goal: `≥ ${GOALS.redirectsPerBare} (out of reach with durable clicks)`, result: 'info' });
    rows.push({ measure: 'ratio service/floor (medians)', value: `${perFloor}`, goal: `≥ ${GOALS.servicePerFloor}`, result: perFloor >= GOALS.servicePerFloor ? 'PASS' : 'FAIL' });
    rows.push({ measure: 'ratio bundle/service (medians)', value: `${bundlePerService}`, goal: `≥ ${GOALS.bundlePerService}`, result: bundlePerService >= GOALS.bundlePerService ? 'PASS' : 'FAIL' });
    const serviceRuns = [...ours, ...(runs.get('bundle') as WrkResult[]), warm.get('service') as WrkResult, warm.get('bundle') as WrkResult];
    const bad = serviceRuns.reduce((n, r) => n + r.bad, 0);
    const socketErrors = serviceRuns.map((r) => r.socketErrors).filter((e) => e !== 'none');
    for (const kind of ['bare', 'floor'] as const) {
      const theirs = [...(runs.get(kind) as WrkResult[]), warm.get(kind) as WrkResult].reduce((n, r) => n + r.bad, 0);
      if (theirs > 0) throw new Error(`The ${kind} server answered ${theirs} requests with something other than a 302.`);
    }
    rows.push({ measure: 'Answers other than 302 / socket errors (service and bundle)', value: `${bad} / ${socketErrors.length ? socketErrors.join('; ') : 'none'}`, goal: '0 / none', result: bad === 0 && socketErrors.length === 0 ? 'PASS' : 'FAIL' });
    ratioLines.push(`ratio redirects/bare: ${ratio} (was >= ${GOALS.redirectsPerBare}; for information)`);
    ratioLines.push(`ratio service/floor: ${perFloor} (goal >= ${GOALS.servicePerFloor})`);
    ratioLines.push(`ratio bundle/service: ${bundlePerService} (goal >= ${GOALS.bundlePerService}: the bundle not slower than npm run service)`);
    if (BASELINE) ratioLines.push(`ratio service/baseline: ${ratioOf(rate('service'), rate('baseline'))}; baseline/floor: ${ratioOf(rate('baseline'), rate('floor'))} (baseline: ${BASELINE})`);
    ratioLines.push(`CPU µs per redirect (${KINDS.join(' / ')}): ${KINDS.map((k) => cpuEach(k).toFixed(1)).join(' / ')}; service/floor CPU: ${(cpuEach('service') / cpuEach('floor')).toFixed(2)}`);
    console.log(`Load average after the redirects: ${load()}.`);
    for (const kind of ['bare', 'floor', ...(BASELINE ? (['baseline'] as const) : [])] as const) {
      await stopServer(others.get(kind) as ChildProcess);
      others.delete(kind);
    }
    const bundle = others.get('bundle') as ChildProcess;
    await stopServer(bundle);
    others.delete('bundle');
    const bundleAnswered = (runs.get('bundle') as WrkResult[]).reduce((n, r) => n + r.requests, (warm.get('bundle') as WrkResult).requests + 1);
    rows.push(clickRow('Bundle: clicks stored after SIGTERM (rows / links.clicks / answered)', bundleDir, bundleAnswered, ROUNDS + 1));

    console.log('Measuring the API with autocannon (1, then 10 clients, 5 s each)…');
    await benchApi(url, key, 'GET /api/urls?limit=100', 'GET', '/api/urls?limit=100');
    await benchApi(url, key, 'GET /api/urls?limit=100&order=click', 'GET', '/api/urls?limit=100&order=click');
    await benchApi(url, key, 'POST /api/url/add', 'POST', '/api/url/add', { url: 'https://example.com/from-the-benchmark' });

    // Issue 42, item 8: PostgreSQL one node and two nodes against this SQLite node (service-bench-pg.ts).
    const pgPart = await benchPostgres({
      sqliteDir: dataDir,
      sqliteUrl: url,
      sqliteKey: key,
      sqliteCpuSeconds: () => cpuSeconds(pidOf('service')),
      startNode: (database) => startServer('postgres', database),
      stopNode: stopServer,
      load: (targets, seconds) =>
        haveWrk ? runWrkSpread(targets, script, aliasFile, seconds) : Promise.all(targets.map((t) => runAutocannonRedirects(t, plain, seconds, Math.ceil(CONNECTIONS / targets.length)))).then(sumResults),
      settleDisk,
      cpuSeconds,
      rounds: ROUNDS,
      duration: DURATION,
    });
    rows.push(...pgPart.rows);
    ratioLines.push(...pgPart.ratioLines);

    // Closing flushes the click buffer; then every answered redirect must be in the database.
    await stopServer(child);
    child = undefined;
    const answered = (warm.get('service') as WrkResult).requests + ours.reduce((n, r) => n + r.requests, 0) + sanity + pgPart.sqliteAnswered;
    rows.push(clickRow('Clicks stored after close (rows / links.clicks / answered)', dataDir, answered, ROUNDS + 1 + pgPart.sqliteRuns));
  } finally {
    if (child) await stopServer(child);
    for (const other of others.values()) await stopServer(other);
    for (const dir of [dataDir, bundleDir, floorDir, baselineDir]) rmSync(dir, { recursive: true, force: true });
  }

  printTable(rows);
  for (const line of ratioLines) console.log(line);
  const failed = rows.filter((r) => r.result === 'FAIL').length;
  console.log(failed ? `${failed} goal(s) not met.` : 'All goals met.');
  process.exitCode = failed ? 1 : 0;
}

/** Every answered redirect must be in the database, once, and links.clicks must agree. */
function clickRow(measure: string, dataDir: string, answered: number, runs: number): Row {
  const db = openDatabase(dataDir);
  // The counters live in link_counts since schema 7 (issue 42); links.clicks before.
  const counters = db.prepare("SELECT 1 AS found FROM sqlite_master WHERE name = 'link_counts'").get() ? 'link_counts' : 'links';
  const stored = db.prepare(`SELECT (SELECT COUNT(*) FROM clicks) AS clicks, (SELECT SUM(clicks) FROM ${counters}) AS counted`).get() as { clicks: number; counted: number };
  db.close();
  // wrk stops counting with requests still in flight (at most one per connection per run),
  // which the service answers and records: the warm-up, the rounds, and the PostgreSQL part's
  // rounds on this node.
  const slack = runs * CONNECTIONS;
  const ok = stored.clicks >= answered && stored.clicks <= answered + slack && stored.counted === stored.clicks;
  return {
    measure,
    value: `${fmtInt(stored.clicks)} / ${fmtInt(stored.counted)} / ${fmtInt(answered)}`,
    goal: `rows = links.clicks, ≥ answered (≤ +${slack} in flight)`,
    result: ok ? 'PASS' : 'FAIL',
  };
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
