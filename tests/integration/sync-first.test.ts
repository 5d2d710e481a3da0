import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { createSync } from '../../electron/backend/sync/index.js';
import type { SyncProgress } from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';
import { channelOfLinks, mirrorState, serverState } from '../unit/mirror/support/compare.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { countingFetch, profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * The first sync of a profile against the real local service: afterwards the mirror equals the
 * server, every collection and every field the lists give, with the fewest requests.
 */

let service: TestService | undefined;
let data: ProfileData | undefined;
let dir: string | undefined;

afterEach(async () => {
  data?.close();
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  service = data = dir = undefined;
});

async function firstSyncOf(count: number) {
  service = await startTestService({ rateLimit: 0 });
  const seeder = openSeeder(service);
  const channels = [seeder.channel('Newsletter'), seeder.channel('Social')];
  const campaigns = [seeder.campaign('Spring')];
  const domainId = seeder.domain('https://go.brand.test');
  seeder.links(count, { channels, campaigns, domainId });
  seeder.close();

  dir = mkdtempSync(join(tmpdir(), 'linkdeck-mirror-'));
  data = openProfileData(dir, { baseUrl: service.url });
  const counter = countingFetch();
  const api = profileApiFor(service.url, service.key, { fetch: counter.fetch });
  const progress: SyncProgress[] = [];
  const sync = createSync({ api, mirror: data.mirror, onProgress: (p) => progress.push(p) });
  await sync.firstSync();
  await sync.stop();
  api.close();
  const client = createApiClient({ baseUrl: service.url, apiKey: () => service!.key });
  return { counter, progress, server: await serverState(client), mirror: data.mirror };
}

describe('first sync', () => {
  for (const count of [0, 1, 15, 16, 1_000]) {
    it(`mirrors ${count} links and every collection, one request per 100 links`, async () => {
      const { counter, progress, server, mirror } = await firstSyncOf(count);
      const state = mirrorState(mirror);
      expect(state.links).toHaveLength(count);
      expect(state).toEqual(server);
      // The largest page the service gives is 100: ceil(N / 100) requests (one for none).
      expect(counter.counts.get('/api/urls')).toBe(Math.max(1, Math.ceil(count / 100)));
      // Every link's channel is known from the channels' items, and matches the server's.
      const channelOf = channelOfLinks(server);
      const page = mirror.links({ limit: 500 });
      for (const link of page.items) {
        expect(link.unknown).not.toContain('channel');
        expect(link.channelId).toBe(channelOf.get(link.id) ?? null);
      }
      expect(page.source).toBe('mirror');
      expect(page.syncedAt).toEqual(expect.any(Number));
      const last = progress.at(-1)!;
      expect(last).toMatchObject({ phase: 'idle', requestsLeft: 0, error: null });
      expect(progress.some((p) => p.phase === 'first-sync' && p.total >= count)).toBe(true);
    });
  }

  it('mirrors 10,000 links with 100 list requests', async () => {
    const { counter, server, mirror } = await firstSyncOf(10_000);
    expect(counter.counts.get('/api/urls')).toBe(100);
    expect(mirrorState(mirror)).toEqual(server);
  }, 60_000);
});
