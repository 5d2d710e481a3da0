import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../electron/service/start.js';

/**
 * --trust-proxy (issue 22: 4): forwarding headers count only when they come from a trusted proxy.
 * Observed through the per-address short-link limit (2 a minute here): loopback peers are not
 * counted, so a forged X-Forwarded-For can only be counted when it is believed.
 */
describe('service behind a reverse proxy', () => {
  let service: RunningService | null = null;
  let dir = '';

  async function start(trustProxy?: string[]) {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-trust-proxy-'));
    service = await startService({ dataDir: dir, port: 0, rateLimit: 0, addressLimits: { pagesPerMinute: 2 }, ...(trustProxy ? { trustProxy } : {}) });
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
    await service?.close();
    service = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('ignores forged forwarding headers by default: the peer (loopback) is the client', async () => {
    await start();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await hit('203.0.113.9'));
    expect(statuses.every((s) => s >= 300 && s < 400)).toBe(true);
  });

  it('with the proxy trusted, counts the forwarded visitor address', async () => {
    await start(['127.0.0.1']);
    expect(await hit('203.0.113.9')).toBeLessThan(400);
    expect(await hit('203.0.113.9')).toBeLessThan(400);
    expect(await hit('203.0.113.9')).toBe(429);
    // Another visitor behind the same proxy has a budget of its own.
    expect(await hit('203.0.113.10')).toBeLessThan(400);
  });

  it('does not believe a proxy it was not told about', async () => {
    await start(['192.0.2.1']);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await hit('203.0.113.9'));
    expect(statuses.every((s) => s >= 300 && s < 400)).toBe(true);
  });
});
