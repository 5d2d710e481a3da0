#!/usr/bin/env node
// @ts-check
/**
 * A smoke test of a deployed link service (the container image in CI, the systemd unit, or any
 * running one): create a link, follow it, read its statistics, stop the service, start it
 * again, and the link and its click are still there.
 *
 *   node tests/tools/deploy-smoke.mjs --url http://127.0.0.1:18080 \
 *     --logs 'docker logs linkdeck-smoke' --stop 'docker stop linkdeck-smoke' --start 'docker start linkdeck-smoke'
 *
 * --logs is a command whose output holds the "API key: …" line of the first start, alone on its line
 * (journalctl needs `-o cat`: its default output prefixes every line); --stop and
 * --start are shell commands. Every wait ends on the service's own answer (/healthz), with a
 * bound of --wait seconds (default 90) so a service that never comes up fails the run.
 */
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { findApiKey } from './deploy-smoke-key.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    logs: { type: 'string' },
    stop: { type: 'string' },
    start: { type: 'string' },
    wait: { type: 'string', default: '90' },
  },
});
if (!values.url || !values.logs || !values.stop || !values.start) {
  console.error('Usage: deploy-smoke.mjs --url <base> --logs <command> --stop <command> --start <command> [--wait <seconds>]');
  process.exit(2);
}
const base = values.url.replace(/\/+$/, '');
const waitMs = Number(values.wait) * 1000;

/** @param {string} what */
function fail(what) {
  console.error(`Smoke test failed: ${what}`);
  process.exit(1);
}

/** @param {string} command */
const run = (command) => execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

async function healthy() {
  const until = Date.now() + waitMs;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = /** @type {Error} */ (error).message;
    }
    // The service's port opens when it is up; between tries, give it the time a start takes.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${base}/healthz did not answer 200 within ${values.wait} s (last: ${last}).`);
}

/**
 * @param {string} key
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function api(key, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json().catch(() => null);
  if (res.status !== 200) fail(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function follow(alias) {
  const res = await fetch(`${base}/${alias}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || location !== 'https://example.com/smoke') fail(`/${alias} answered ${res.status} → ${location}, not a 302 to https://example.com/smoke.`);
}

await healthy();
const key = findApiKey(run(values.logs));
if (!key) fail(`no "API key: …" line in the output of: ${values.logs}`);
const made = await api(/** @type {string} */ (key), 'POST', '/api/url/add', { url: 'https://example.com/smoke', custom: 'smoke' });
console.log(`Created ${made.shorturl} (id ${made.id}).`);
await follow('smoke');
const before = await api(/** @type {string} */ (key), 'GET', `/api/url/${made.id}`);
if (before.data?.clicks !== 1) fail(`the statistics count ${before.data?.clicks} clicks after one visit.`);
console.log('Followed it; its statistics count 1 click.');

run(values.stop);
// Stopped means stopped: a service still answering would make the rest prove nothing.
const stillThere = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
  () => true,
  () => false,
);
if (stillThere) fail(`${base} still answers after: ${values.stop}`);
console.log(`Stopped (${values.stop}).`);
run(values.start);
await healthy();
await follow('smoke');
const after = await api(/** @type {string} */ (key), 'GET', `/api/url/${made.id}`);
if (after.data?.clicks !== 2) fail(`after the restart the statistics count ${after.data?.clicks} clicks, not 2 (the link and its first click must persist).`);
const ready = await fetch(`${base}/readyz`);
if (ready.status !== 200) fail(`/readyz answered ${ready.status}: ${await ready.text()}`);
console.log('Started again: the link, its click and the key are still there; /readyz is ready. Smoke test passed.');
