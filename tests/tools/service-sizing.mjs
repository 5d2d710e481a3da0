#!/usr/bin/env node
// @ts-check
/**
 * The sizing figures of docs/hosting.md, measured on the bundle as a server runs it:
 *
 *   npm run build:service && node tests/tools/service-sizing.mjs [--cli out/service/cli.js] [--seconds 20]
 *
 * Memory: the service's resident set (VmRSS of /proc/<pid>/status, Linux) at rest after its
 * start, and its peak (VmHWM) under load: wrk following one short link with 32 connections for
 * --seconds. Disk: the database file after a clean stop (which folds the write-ahead log in),
 * grown by 1,000 links made through the API, then by the clicks the load recorded, scaled to
 * 100,000. Needs wrk (apt-get install wrk). Prints one line per figure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { cli: { type: 'string' }, seconds: { type: 'string', default: '20' } } });
const cli = resolve(values.cli ?? join(root, 'out/service/cli.js'));
const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-sizing-'));
const dbFile = join(dataDir, 'linkdeck-service.db');

/** Starts the service; resolves with its base URL, the first key (first start only) and the child. */
function start() {
  const child = spawn(process.execPath, [cli, '--data', dataDir, '--port', '0', '--rate-limit', '0', '--page-limit', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let url = '';
    let key = '';
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      url ||= /^Base URL: (\S+)$/.exec(line)?.[1] ?? '';
      key ||= /^API key: (\S+)$/.exec(line)?.[1] ?? '';
      // The key is printed after the Base URL on a first start; a later start prints none.
      if (url && (key || !first)) done({ child, url, key });
    });
    child.on('exit', (code) => fail(new Error(`the service exited (${code}) before it was up`)));
  });
}
let first = true;

/** Stops the service with SIGTERM and waits for its exit (it writes every click first). */
const stop = (/** @type {import('node:child_process').ChildProcess} */ child) =>
  new Promise((done) => {
    child.removeAllListeners('exit');
    child.on('exit', done);
    child.kill('SIGTERM');
  });

const memory = (/** @type {number} */ pid, /** @type {string} */ field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
const mib = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

try {
  /** @type {any} */
  let s = await start();
  first = false;
  const key = s.key;
  const api = (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body) =>
    fetch(s.url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }).then((r) => r.json());
  await api('GET', '/api/account');
  console.log(`memory at rest (after the start and one API request): ${mib(memory(s.child.pid, 'VmRSS'))}`);
  await stop(s.child);
  const empty = statSync(dbFile).size;

  s = await start();
  for (let i = 0; i < 1000; i++) {
    const made = await api('POST', '/api/url/add', { url: `https://example.com/articles/${i}/a-long-enough-path-like-real-ones?utm_source=newsletter`, custom: `size${i}` });
    if (made.error !== 0) throw new Error(`link ${i}: ${JSON.stringify(made)}`);
  }
  await stop(s.child);
  const withLinks = statSync(dbFile).size;
  console.log(`disk per 1,000 links: ${kib(withLinks - empty)} (database ${kib(empty)} empty, ${kib(withLinks)} with 1,000 links)`);

  s = await start();
  const wrk = spawnSync('wrk', ['-t2', '-c32', `-d${values.seconds}s`, '-H', 'User-Agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0', `${s.url}/size1`], { encoding: 'utf8' });
  if (wrk.status !== 0) throw new Error(`wrk failed: ${wrk.stderr}`);
  const peak = memory(s.child.pid, 'VmHWM');
  const clicks = (await api('GET', '/api/url/2')).data.clicks;
  console.log(`memory under load (peak resident, wrk -t2 -c32 for ${values.seconds} s, ${/Requests\/sec:\s+(\S+)/.exec(wrk.stdout)?.[1]} redirects/s): ${mib(peak)}`);
  await stop(s.child);
  const withClicks = statSync(dbFile).size;
  console.log(`disk per 100,000 clicks: ${mib(((withClicks - withLinks) / clicks) * 100_000)} (${clicks.toLocaleString('en-US')} clicks recorded grew the database by ${mib(withClicks - withLinks)})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
