import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/service/db.js';
import { API_KEY_LINE, BASE_URL_LINE, buildBundle, call, runService, stopAll } from './support/service-process.js';

/*
 * The standalone build (issue 32): `npm run build:service` bundles the service into one file that
 * runs with plain node, and that process stops itself cleanly on SIGTERM/SIGINT: it stops
 * accepting, writes every buffered click, closes the database and exits 0. Signalled here while
 * redirects are still arriving, then the clicks in the file are counted.
 */

let cli: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-bundle-'));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  cli = buildBundle('service-bundle');
});
afterEach(stopAll);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function storedClicks(dataDir: string): { rows: number; counted: number } {
  const db = openDatabase(dataDir);
  try {
    return db.prepare('SELECT (SELECT COUNT(*) FROM clicks) AS rows, (SELECT COALESCE(SUM(clicks), 0) FROM link_counts) AS counted').get() as {
      rows: number;
      counted: number;
    };
  } finally {
    db.close();
  }
}

describe('the bundled service (node out/service/cli.js)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} while redirects arrive: exits 0 with every answered redirect's click in the database`, { timeout: 60_000 }, async () => {
      const dataDir = tempDir();
      const service = runService(cli, ['--port', '0', '--data', dataDir, '--page-limit', '0']);
      const [, url] = await service.line(BASE_URL_LINE);
      const [, key] = await service.line(API_KEY_LINE);
      const made = await call(`${url}/api/url/add`, key as string, 'POST', { url: 'https://example.com/counted', custom: 'counted' });
      expect(made.status).toBe(200);

      // 20 clients follow the link in a loop; the signal goes out once 400 were answered, with
      // requests in flight and clicks still in the buffers (they are written ~1 s after a visit).
      let answered = 0;
      let signalled = false;
      const client = async () => {
        for (;;) {
          let status: number;
          try {
            status = (await fetch(`${url}/counted`, { redirect: 'manual' })).status;
          } catch {
            return; // the service stopped accepting
          }
          if (status !== 302) throw new Error(`a redirect answered ${status}`);
          answered++;
          if (answered >= 400 && !signalled) {
            signalled = true;
            service.kill(signal);
          }
        }
      };
      const clients = Array.from({ length: 20 }, client);
      const exit = await service.exited;
      await Promise.all(clients);

      expect(exit, service.stderr()).toEqual({ code: 0, signal: null });
      expect(service.lines.at(-1)).toMatch(/^Stopped: every click written, the database closed\.$/);
      const stored = storedClicks(dataDir);
      // At least every redirect a client received; at most one more per client (answered by the
      // service, cut before the client read it).
      expect(stored.rows).toBeGreaterThanOrEqual(answered);
      expect(stored.rows).toBeLessThanOrEqual(answered + 20);
      expect(stored.counted).toBe(stored.rows);
    });
  }

  it('starts from LINKDECK_* environment variables alone (as the container does), metrics included', async () => {
    const dataDir = tempDir();
    const service = runService(cli, [], { LINKDECK_DATA: dataDir, LINKDECK_PORT: '0', LINKDECK_METRICS: 'true' });
    const [, url] = await service.line(BASE_URL_LINE);
    const [, metricsUrl] = await service.line(/^Metrics: (\S+)$/);
    expect(metricsUrl).toBe(`${url}/metrics`);
    expect((await fetch(metricsUrl as string)).status).toBe(200);
    service.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('a bad --trust-proxy is refused before the start, naming the flag', async () => {
    const run = runService(cli, ['--data', tempDir(), '--port', '0', '--trust-proxy', 'nginx']);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.stderr()).toMatch(/^--trust-proxy: "nginx" is not an address or CIDR range\./);
    expect(run.lines).toEqual([]);
  });

  it('answers --help with plain node, no tsx and no npm', async () => {
    const help = runService(cli, ['--help']);
    expect(await help.exited).toEqual({ code: 0, signal: null });
    expect(help.lines.join('\n')).toContain('--public-url');
  });
});
