/**
 * The load generators of `npm run bench:service` (service-bench.ts): wrk with a Lua script that
 * picks a seeded alias at random for every request, as a browser would send it, or autocannon
 * when wrk is missing. Split out of service-bench.ts to keep that file to its one purpose.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export const CONNECTIONS = 50;
export const WRK = process.env['BENCH_WRK'] ?? '/usr/bin/wrk';
/** BENCH_PIN=1: the servers on CPU 0 (service-bench.ts), wrk on CPU 1. */
export const PIN = process.env['BENCH_PIN'] === '1' && existsSync('/usr/bin/taskset') && availableParallelism() >= 2;

// ---------------------------------------------------------------- wrk

export const LUA = `
-- Each request picks one of the seeded aliases at random, as a browser would send it.
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
end

local reqs = {}
local agents = {
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0"
}
local referrers = { "https://www.facebook.com/", "https://t.co/abc", "https://news.example.org/item?id=1", "" }
local countries = { "US", "DE", "FR", "GB", "IN", "BR" }
local languages = { "en-US,en;q=0.9", "de-DE,de;q=0.9,en;q=0.5", "fr-FR,fr;q=0.8" }

function init(args)
  math.randomseed(os.time() * 100 + (tid or 0))
  local n = 0
  for alias in io.lines(args[1]) do
    n = n + 1
    local headers = {
      ["User-Agent"] = agents[(n % #agents) + 1],
      ["Accept-Language"] = languages[(n % #languages) + 1],
      ["CF-IPCountry"] = countries[(n % #countries) + 1],
    }
    local ref = referrers[(n % #referrers) + 1]
    if ref ~= "" then headers["Referer"] = ref end
    reqs[n] = wrk.format("GET", "/" .. alias, headers)
  end
end

function request()
  return reqs[math.random(#reqs)]
end
`;

export interface WrkResult {
  requests: number;
  perSec: number;
  p50: number;
  p90: number;
  p99: number;
  bad: number;
  socketErrors: string;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000;
}

function wrkArgs(url: string, script: string, aliasFile: string, seconds: number, connections: number, threads: number): [string, string[]] {
  const args = [`-c${connections}`, `-d${seconds}s`, `-t${threads}`, '--latency', '-s', script, `${url}/`, '--', aliasFile];
  return PIN ? ['taskset', ['-c', '1', WRK, ...args]] : [WRK, args];
}

function parseWrk(out: string): WrkResult {
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1] as string, m[2] as string) : NaN;
  };
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    perSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct('50'),
    p90: pct('90'),
    p99: pct('99'),
    bad: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: /Socket errors: (.*)/.exec(out)?.[1] ?? 'none',
  };
}

export function runWrk(url: string, script: string, aliasFile: string, seconds: number): WrkResult {
  const [cmd, args] = wrkArgs(url, script, aliasFile, seconds, CONNECTIONS, 2);
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  return parseWrk(r.stdout);
}

/**
 * The same load spread over several servers (the nodes of one PostgreSQL database): one wrk per
 * server at the same time, the CONNECTIONS and the two threads shared out between them, so the
 * load generator takes the same share of the machine as against one server. Rates and counts
 * add up; the latencies are the worst server's.
 */
export async function runWrkSpread(urls: string[], script: string, aliasFile: string, seconds: number): Promise<WrkResult> {
  const each = await Promise.all(
    urls.map(
      (url) =>
        new Promise<WrkResult>((ok, fail) => {
          const [cmd, args] = wrkArgs(url, script, aliasFile, seconds, Math.ceil(CONNECTIONS / urls.length), Math.max(1, Math.floor(2 / urls.length)));
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.once('error', fail);
          child.once('exit', (code) => (code === 0 ? ok(parseWrk(out)) : fail(new Error(`wrk failed: ${out}`))));
        }),
    ),
  );
  return sumResults(each);
}

export function sumResults(each: WrkResult[]): WrkResult {
  const errors = each.map((r) => r.socketErrors).filter((e) => e !== 'none');
  return {
    requests: each.reduce((n, r) => n + r.requests, 0),
    perSec: each.reduce((n, r) => n + r.perSec, 0),
    p50: Math.max(...each.map((r) => r.p50)),
    p90: Math.max(...each.map((r) => r.p90)),
    p99: Math.max(...each.map((r) => r.p99)),
    bad: each.reduce((n, r) => n + r.bad, 0),
    socketErrors: errors.length ? errors.join('; ') : 'none',
  };
}

/** Without wrk: autocannon in this process, with the same random alias per request. */
export async function runAutocannonRedirects(url: string, aliases: string[], seconds: number, connections = CONNECTIONS): Promise<WrkResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/${aliases[Math.floor(Math.random() * aliases.length)]}` }),
      },
    ],
  });
  const redirects = result.statusCodeStats['302']?.count ?? 0;
  const total = result.requests.total;
  return {
    requests: total,
    perSec: total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    bad: total - Number(redirects),
    socketErrors: result.errors + result.timeouts === 0 ? 'none' : `${result.errors} errors, ${result.timeouts} timeouts`,
  };
}

