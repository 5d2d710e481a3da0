import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faults, startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { startTestService, type TestService } from '../support/service.js';
import { cliBundle, lines, runCli } from './support/cli-harness.js';

/**
 * `sync --wait` means everything is sent: exit 0 only when the mirror is current and nothing
 * sendable waits in the outbox. The remote profile's service sits behind a scripted fault layer
 * (it goes offline and back); no keychain, the key in LINKDECK_API_KEY as cron gives it.
 */
describe('linkdeck sync --wait with changes waiting in the outbox', () => {
  let dataDir: string;
  let remote: TestService;
  let proxy: FaultProxy;
  let env: Record<string, string>;
  const cli = (args: string[], stdin?: string) =>
    runCli(dataDir, ['--profile', 'Work', ...args], { env, ...(stdin ? { stdin } : {}) });

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-sync-wait-'));
    remote = await startTestService();
    proxy = await startFaultProxy({ target: remote.url });
    env = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdeck-test-bus', LINKDECK_API_KEY: remote.key };
    const added = await runCli(dataDir, ['profiles', 'add', 'Work', '--url', proxy.url, '--key-stdin'], {
      env,
      stdin: remote.key,
    });
    expect(added.code, added.stderr).toBe(0);
  });
  afterEach(async () => {
    await proxy.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const serviceUrls = async () =>
    (await remote.api<{ data: { urls: { longurl: string }[] } }>('GET', '/api/urls')).json.data.urls.map((u) => u.longurl);

  /** The outbox as the next command finds it (its backend opened afresh on the data folder). */
  const outboxItems = async () =>
    JSON.parse((await cli(['outbox', '--json'])).stdout) as { state: string; outcomeUnknown: boolean; attempts: number }[];

  it('offline: shorten exits 3 and says to run sync --wait; that sends it (exit 0) once the service answers', { timeout: 180_000 }, async () => {
    await proxy.offline();
    const queued = await cli(['shorten', 'https://example.org/on-a-plane']);
    expect(queued.code).toBe(3);
    expect(queued.stderr).toContain('linkdeck sync --wait');
    // Refused at the door (the connection was refused), and nothing was on the wire when the
    // command closed: no answer was lost, so nothing must be looked up or waited out before it
    // is sent (issue 38: it used to be held for the service's longest run, about a minute).
    expect(await outboxItems()).toEqual([expect.objectContaining({ outcomeUnknown: false })]);

    // Still offline: sync --wait cannot say "up to date".
    const stillOffline = await cli(['sync', '--wait']);
    expect(stillOffline.code).toBe(3);
    expect(stillOffline.stderr).not.toMatch(/up to date/);

    await proxy.online();
    const synced = await cli(['sync', '--wait', '--json']);
    expect(synced.code, synced.stderr).toBe(0);
    // Sent once, by this run.
    expect(proxy.log.filter((e) => e.method === 'POST' && e.path === '/api/url/add')).toHaveLength(1);
    const report = JSON.parse(synced.stdout) as { syncedAt: number | null; outbox: { sent: number; waiting: unknown[] } };
    expect(report.outbox).toMatchObject({ sent: 1, waiting: [] });
    expect(report.syncedAt).toEqual(expect.any(Number));
    expect(await serviceUrls()).toEqual(['https://example.org/on-a-plane']);
    expect(JSON.parse((await cli(['outbox', '--json'])).stdout)).toEqual([]);
    expect(lines((await cli(['find', 'on-a-plane'])).stdout)).toHaveLength(1);
  });

  it('a change the service keeps refusing for now (503): sync --wait reports it and exits 3, never "up to date"', { timeout: 180_000 }, async () => {
    await proxy.offline();
    expect((await cli(['shorten', 'https://example.org/later'])).code).toBe(3);
    expect(await outboxItems()).toEqual([expect.objectContaining({ outcomeUnknown: false })]);
    await proxy.online();
    // Every create answers 503 from now on: the sync itself works, the change cannot go.
    proxy.script({ method: 'POST', path: '/api/url/add', fault: faults.gateway(503), times: Infinity });
    const synced = await cli(['sync', '--wait']);
    expect(synced.code).toBe(3);
    expect(synced.stderr).toMatch(/1 change waits in the outbox/);
    expect(synced.stderr).not.toMatch(/up to date/);
    expect(await serviceUrls()).toEqual([]);
  });
});
