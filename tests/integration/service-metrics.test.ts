import { spawnSync } from 'node:child_process';
import Database from 'libsql';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../electron/service/db.js';
import { startTestService, TEST_ENGINE, type TestService } from '../support/service.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * Probes and Prometheus metrics (issue 32), scraped over HTTP from the real service and parsed
 * as the text exposition format (Prometheus' "Exposition formats" page: `# HELP`, `# TYPE`, then
 * `name{label="value"} number` per sample).
 */

let s: TestService | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

interface Exposition {
  /** `name{a="x",b="y"}` (labels as printed) → value. */
  samples: Map<string, number>;
  /** Metric family name → its # TYPE. */
  types: Map<string, string>;
}

function parseExposition(text: string): Exposition {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) types.set(type[1] as string, type[2] as string);
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line of the exposition format: ${JSON.stringify(line)}`);
    // Go's ParseFloat reads the value in Prometheus: "+Inf", "-Inf" and NaN in any letter case.
    const text = m[3] as string;
    const value = /^[+-]?inf$/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);
    if (Number.isNaN(value) && !/^nan$/i.test(text)) throw new Error(`not a number: ${JSON.stringify(line)}`);
    samples.set(`${m[1]}${m[2] ?? ''}`, value);
  }
  // Every sample belongs to a declared family (histograms' _bucket/_sum/_count included).
  for (const key of samples.keys()) {
    const name = key.replace(/\{.*$/, '');
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`${name} has no # TYPE line`);
  }
  return { samples, types };
}

async function scrape(url: string): Promise<Exposition> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}

const visit = (url: string) => fetch(url, { redirect: 'manual' }).then((r) => r.status);

const PROMTOOL_SKIP = spawnSync('sh', ['-c', 'command -v promtool']).status === 0 ? null : "promtool is not installed here (Debian's prometheus package has it), so the metrics are not linted";
if (PROMTOOL_SKIP) console.warn(`[service-metrics] ${PROMTOOL_SKIP}.`);

describe('probes', () => {
  it('/healthz and /readyz answer without a key; /metrics does not exist unless asked for', async () => {
    s = await startTestService();
    const health = await fetch(`${s.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(await visit(`${s.url}/metrics`)).toBe(404);
  });

  // The blocker is SQLite's write lock, taken by a second connection to the file.
  it.skipIf(skipBecause(TEST_ENGINE !== 'sqlite', 'the blocked click writer is arranged with SQLite\'s write lock (on PostgreSQL a blocked batch waits for its statement timeout)'))('/readyz says 503 with the reason while the click writer cannot write, and ready again once it can', { timeout: 60_000 }, async () => {
    s = await startTestService();
    const service = s;
    const made = await service.api<{ id: number }>('POST', '/api/url/add', { url: 'https://example.com/ready', custom: 'ready' });
    expect(made.status).toBe(200);
    // Another connection holds the write lock: the writer's next batch waits, then fails.
    const blocker = new Database(join(service.dataDir, DB_FILE));
    blocker.exec('BEGIN IMMEDIATE');
    try {
      expect(await visit(`${service.url}/ready`)).toBe(302);
      let answer: { status: string; reasons?: string[] } = { status: '' };
      // Asked until the writer is blocked (its batch goes out about a second after the visit).
      while (answer.status !== 'not ready') {
        const res = await fetch(`${service.url}/readyz`);
        answer = (await res.json()) as typeof answer;
        expect(res.status).toBe(answer.status === 'ready' ? 200 : 503);
      }
      expect(answer.reasons?.join(' ')).toMatch(/The click writer (did not answer within 2 seconds|cannot write to the database)/);
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    let status = 0;
    while (status !== 200) status = (await fetch(`${service.url}/readyz`)).status;
    await service.service.flushClicks();
    expect((await service.api<{ data: { clicks: number } }>('GET', `/api/url/${made.json.id}`)).json.data.clicks).toBe(1);
  });
});

describe('metrics', () => {
  it('counts redirects and API requests by status, their latency, clicks, the database size and refusals', async () => {
    s = await startTestService({
      metrics: { servicePort: true },
      addressLimits: { badKeysPerMinute: 2, limitLoopback: true },
    });
    const made = await s.api('POST', '/api/url/add', { url: 'https://example.com/counted', custom: 'counted' });
    expect(made.status).toBe(200);
    for (let i = 0; i < 5; i++) expect(await visit(`${s.url}/counted`)).toBe(302);
    expect(await visit(`${s.url}/no-such-link`)).toBe(404);
    const badKey = [];
    for (let i = 0; i < 3; i++) badKey.push((await s.api('GET', '/api/account', undefined, { key: 'wrong' })).status);
    expect(badKey).toEqual([401, 401, 429]);
    await s.service.flushClicks();

    const m = await scrape(`${s.url}/metrics`);
    const v = (key: string) => m.samples.get(key);
    expect(v('linkdeck_short_link_requests_total{status="302"}')).toBe(5);
    expect(v('linkdeck_short_link_requests_total{status="404"}')).toBe(1);
    expect(v('linkdeck_short_link_duration_seconds_count')).toBe(6);
    expect(v('linkdeck_short_link_duration_seconds_bucket{le="+Inf"}')).toBe(6);
    expect(v('linkdeck_api_requests_total{status="200"}')).toBe(1);
    expect(v('linkdeck_api_requests_total{status="401"}')).toBe(2);
    expect(v('linkdeck_api_requests_total{status="429"}')).toBe(1);
    expect(v('linkdeck_api_request_duration_seconds_count')).toBe(4);
    expect(v('linkdeck_rate_limit_refusals_total{limit="bad_key"}')).toBe(1);
    expect(v('linkdeck_clicks_written_total')).toBe(5);
    expect(v('linkdeck_clicks_buffered')).toBe(0);
    expect(v('linkdeck_clicks_dropped_total')).toBe(0);
    expect(v('linkdeck_database_bytes')).toBeGreaterThan(4096);
    expect(v('linkdeck_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(m.types.get('linkdeck_short_link_duration_seconds')).toBe('histogram');
    expect(m.types.get('linkdeck_clicks_written_total')).toBe('counter');

    // Scrapes, probes and the page limit: a scrape is not a short-link request.
    expect(await visit(`${s.url}/healthz`)).toBe(200);
    const again = await scrape(`${s.url}/metrics`);
    expect(again.samples.get('linkdeck_short_link_requests_total{status="302"}')).toBe(5);
    expect(again.samples.get('linkdeck_short_link_requests_total{status="200"}')).toBeUndefined();
  });

  it('with a listener of their own, the metrics are there and not on the service port', async () => {
    s = await startTestService({ metrics: { listen: { host: '127.0.0.1', port: 0 } } });
    const url = s.service.metricsUrl as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(url.startsWith(s.url)).toBe(false);
    expect(await visit(`${s.url}/counted`)).toBe(404);
    const m = await scrape(url);
    expect(m.samples.get('linkdeck_short_link_requests_total{status="404"}')).toBe(1);
    expect(await visit(`${s.url}/metrics`)).toBe(404);
    expect(await visit(url.replace('/metrics', '/other'))).toBe(404);
  });

  // Prometheus' own linter, as an operator's CI or `promtool check metrics` in a scrape job runs it
  // (Debian's prometheus package has it): every series, after traffic made the labelled ones.
  it.skipIf(PROMTOOL_SKIP !== null)('every series passes promtool check metrics', async () => {
    s = await startTestService({ metrics: { servicePort: true }, addressLimits: { badKeysPerMinute: 1, limitLoopback: true } });
    expect((await s.api('POST', '/api/url/add', { url: 'https://example.com/linted', custom: 'linted' })).status).toBe(200);
    expect(await visit(`${s.url}/linted`)).toBe(302);
    expect(await visit(`${s.url}/nothing-here`)).toBe(404);
    for (let i = 0; i < 2; i++) await s.api('GET', '/api/account', undefined, { key: 'wrong' });
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(text).toContain('linkdeck_rate_limit_refusals_total{limit="bad_key"} 1');
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(lint.status, `promtool check metrics:\n${lint.stdout}${lint.stderr}`).toBe(0);
    expect(`${lint.stdout}${lint.stderr}`.trim()).toBe('');
  });
});
