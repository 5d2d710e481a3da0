import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../electron/shared/contract.js';
import type { SyncProgress } from '../../electron/shared/models.js';
import { appAndService } from './support/app-and-service.js';
import { runCli, value } from './support/cli-harness.js';

/**
 * `sync --json` with the app running and no --wait: the app does the refresh, and the report's
 * `syncedAt` is the mirror's real last sync of the links (the one `find --json` reads), not the
 * time the app's sync last finished a run of its own.
 */
describe('linkdeck sync --json with the app running', () => {
  const world = appAndService('linkdeck-sync-app-');
  beforeEach(async () => {
    await value<ProfileSummary>(world.app.backend, 'profiles:connect', { name: 'Work', baseUrl: world.remote.url, apiKey: world.remote.key });
  });

  it('reports the time of the refresh it just asked the app for', { timeout: 120_000 }, async () => {
    const { dataDir, remote, app } = world;
    // The app's own first sync has ended (its progress event says so): what it knows dates from then.
    const ended = (p: SyncProgress) => p.phase === 'idle' && p.syncedAt !== null;
    await new Promise<void>((resolve) => {
      const done = (p: SyncProgress) => {
        if (!ended(p)) return;
        stop();
        resolve();
      };
      const stop = app.backend.subscribe((event, payload) => {
        if (event === 'sync:progress') done(payload as SyncProgress);
      });
      void value<SyncProgress>(app.backend, 'sync:status').then(done);
    });
    const appRunEnded = (await value<SyncProgress>(app.backend, 'sync:status')).syncedAt!;
    await remote.api('POST', '/api/url/add', { url: 'https://example.org/made-elsewhere' });

    const before = Date.now();
    const synced = await runCli(dataDir, ['--profile', 'Work', 'sync', '--json']);
    const after = Date.now();
    expect(synced.code, synced.stderr).toBe(0);
    const report = JSON.parse(synced.stdout) as SyncProgress;
    expect(report.syncedAt).toBeGreaterThan(appRunEnded);
    expect(report.syncedAt).toBeGreaterThanOrEqual(before);
    expect(report.syncedAt).toBeLessThanOrEqual(after);
    // The same time the mirror holds, as find reads it; the refresh brought the new link.
    const found = JSON.parse((await runCli(dataDir, ['--profile', 'Work', 'find', '--json', 'made-elsewhere'])).stdout) as {
      syncedAt: number;
      links: unknown[];
    };
    expect(found.syncedAt).toBe(report.syncedAt);
    expect(found.links).toHaveLength(1);
  });
});
