import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../electron/service/start.js';

/**
 * --trust-proxy (issue 22: 4): forwarding headers count only when they come from a trusted proxy.
 * Observed through the per-address short-link limit (2 a minute here): each request forges a
 * different X-Forwarded-For, so believed, each would have a budget of its own; ignored, they
 * all count as the loopback peer (limited like any address, issue 32) and the third is refused.
 * An untrusted peer's forwarding headers are also said once in the log.
 */
describe('service behind a reverse proxy', () => {
  let service: RunningService | null = null;
  let dir = '';
  let logged: string[] = [];

  async function start(trustProxy?: string[]) {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-trust-proxy-'));
    service = await startService({ dataDir: dir, port: 0, rateLimit: 0, addressLimits: { pagesPerMinute: 2 }, log: (m) => logged.push(m), ...(trustProxy ? { trustProxy } : {}) });
    const made = await fetch(`${service.url}/api/url/add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.firstApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/page', custom: 'proxied' }),
    });
    expect(made.status).toBe(200);
    return service;
  }
  const hit = (forwardedFor: string) => fetch(`${service!.url}/proxied`, { redirect: 'manual', headers: { 'X-Forwarded-For': forwardedFor } }).then((r) => r.status);

  afterEach(async () => {
    logged = [];
    await service?.close();
    service = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('ignores forged forwarding headers by default: the peer (loopback) is the client; the log says so once', async () => {
    await start();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await hit(`203.0.113.${i + 1}`));
    expect(statuses).toEqual([302, 302, 429, 429]);
    expect(logged).toEqual([expect.stringMatching(/^Warning: 127\.0\.0\.1 sends X-Forwarded-For \(or Forwarded\), but it is not a proxy this service trusts.*--trust-proxy 127\.0\.0\.1;.*\(Said once\.\)$/)]);
  });

  it('with the proxy trusted, counts the forwarded visitor address', async () => {
    await start(['127.0.0.1']);
    expect(await hit('203.0.113.9')).toBeLessThan(400);
    expect(await hit('203.0.113.9')).toBeLessThan(400);
    expect(await hit('203.0.113.9')).toBe(429);
    // Another visitor behind the same proxy has a budget of its own.
    expect(await hit('203.0.113.10')).toBeLessThan(400);
    expect(logged).toEqual([]);
  });

  it('does not believe a proxy it was not told about', async () => {
    await start(['192.0.2.1']);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await hit(`203.0.113.${i + 1}`));
    expect(statuses).toEqual([302, 302, 429, 429]);
    expect(logged).toHaveLength(1);
  });

  it('says it for a redirect the direct path answers (before Fastify), for either header', async () => {
    for (const header of ['X-Forwarded-For', 'Forwarded']) {
      await start();
      const status = await fetch(`${service!.url}/proxied`, { redirect: 'manual', headers: { [header]: header === 'Forwarded' ? 'for=203.0.113.7' : '203.0.113.7' } }).then((r) => r.status);
      expect(status, header).toBe(302);
      expect(logged, header).toEqual([expect.stringMatching(/^Warning: 127\.0\.0\.1 sends X-Forwarded-For \(or Forwarded\)/)]);
      logged = [];
      await service?.close();
      service = null;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says nothing when no forwarding header arrives', async () => {
    await start();
    expect(await fetch(`${service!.url}/proxied`, { redirect: 'manual' }).then((r) => r.status)).toBe(302);
    expect(logged).toEqual([]);
  });
});
