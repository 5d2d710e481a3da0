import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createSync, type Sync } from '../../electron/backend/sync/index.js';
import { startTestService, type TestService } from '../support/service.js';
import { channelOfLinks, mirrorState, serverState } from '../unit/mirror/support/compare.js';
import { openSeeder, type ServiceSeeder } from '../unit/mirror/support/service-seed.js';
import {
  countingFetch,
  profileApiFor,
  type CountingFetch,
} from '../unit/sync/support/profile-api.js';

/*
 * After the first sync, the service changes behind Linkdeck's back (links created, edited,
 * deleted, clicked; channels and campaigns changed): the incremental sync and the deletion
 * sweep bring the mirror back to equal the server, and a sweep stays sound while links are
 * created and deleted under it.
 */

let service: TestService;
let seeder: ServiceSeeder;
let dir: string;
let data: ProfileData;
let api: ProfileApi;
let counter: CountingFetch;
let sync: Sync;
let client: ApiClient;

beforeEach(async () => {
  service = await startTestService({ rateLimit: 0 });
  seeder = openSeeder(service);
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-sync-'));
  data = openProfileData(dir, { baseUrl: service.url });
  counter = countingFetch();
  api = profileApiFor(service.url, service.key, { fetch: counter.fetch });
  // Collections are "stale" at once, so every incremental run reads them.
  sync = createSync({ api, mirror: data.mirror, intervals: { collectionsMs: 0 } });
  client = createApiClient({ baseUrl: service.url, apiKey: () => service.key });
});

afterEach(async () => {
  await sync.stop();
  api.close();
  data.close();
  seeder.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function expectConverged() {
  const server = await serverState(client);
  expect(mirrorState(data.mirror)).toEqual(server);
  const channelOf = channelOfLinks(server);
  for (const link of data.mirror.links({ limit: 500 }).items) {
    if (link.unknown.includes('channel')) continue;
    expect([link.id, link.channelId]).toEqual([link.id, channelOf.get(link.id) ?? null]);
  }
}

describe('incremental sync', () => {
  it('converges after creates, edits, deletes, clicks and collection changes on the server', async () => {
    const newsletter = seeder.channel('Newsletter');
    const social = seeder.channel('Social');
    const ids = seeder.links(450, { channels: [newsletter, social] });
    await sync.firstSync();
    await expectConverged();

    // The service changes.
    const created: number[] = [];
    for (let i = 0; i < 30; i++) {
      created.push(
        (await client.links.create({ url: `https://example.com/new-${i}`, channel: social })).id,
      );
    }
    for (const id of ids.slice(100, 110)) {
      await client.links.update(id, {
        url: `https://example.com/edited-${id}`,
        metaTitle: `Edited ${id}`,
        channel: newsletter,
      });
    }
    for (const id of [...ids.slice(10, 20), ...ids.slice(300, 310)]) await client.links.delete(id);
    for (const [i, id] of ids.slice(200, 260).entries()) seeder.setClicks(id, 10_000 + i);
    await client.channels.delete(social);
    const launch = await client.channels.create({ name: 'Launch', color: '#ff0000' });
    await client.channels.assign(launch.id, 'links', created[0]!);
    await client.campaigns.create({ name: 'Autumn' });
    await client.pixels.create({ type: 'gtmpixel', name: 'Tag manager', tag: 'GTM-ABC123' });

    counter.reset();
    await sync.incremental();
    // New links arrived without a full walk: one date page (30 new + a known one), one click page.
    expect(counter.counts.get('/api/urls')).toBeLessThanOrEqual(3);
    for (const id of created) expect(data.mirror.link(id)).not.toBeNull();
    const top = data.mirror.links({ sort: 'clicks', limit: 5 }).items.map((l) => l.clicks);
    expect(top).toEqual([10_059, 10_058, 10_057, 10_056, 10_055]);

    const { deleted } = await sync.sweep();
    expect(deleted).toBe(20);
    await expectConverged();
    expect(data.mirror.link(created[0]!)?.channelId).toBe(launch.id);
  });

  it('keeps links created during a sweep and checks the links a deletion shifted past it', async () => {
    seeder.links(250);
    await sync.firstSync();
    const before = await serverState(client);
    const newest = before.links.slice(-5).map((l) => l.id);
    const oldest = before.links.slice(0, 3).map((l) => l.id);

    expect((await sync.sweepStep()).done).toBe(false);
    // Behind the sweep's cursor: five links of page 1 are deleted and two are created, so page 2
    // now starts three links later: three links slip past the sweep unseen.
    for (const id of newest) await client.links.delete(id);
    const made = [
      (await client.links.create({ url: 'https://example.com/during-1' })).id,
      (await client.links.create({ url: 'https://example.com/during-2' })).id,
    ];
    // Ahead of the cursor: three links are deleted.
    for (const id of oldest) await client.links.delete(id);
    // The new links reach the mirror while the sweep is under way (opened by the user).
    for (const id of made) await sync.openLink(id);

    let step = await sync.sweepStep();
    while (!step.done) step = await sync.sweepStep();
    // The three deleted ahead of the cursor go; the three that slipped past were checked one by
    // one and kept; those created during the sweep stay.
    expect(step.deleted).toBe(3);
    for (const id of oldest) expect(data.mirror.link(id)).toBeNull();
    for (const id of made) expect(data.mirror.link(id)).not.toBeNull();
    for (const id of before.links.slice(-8, -5).map((l) => l.id))
      expect(data.mirror.link(id)).not.toBeNull();
    expect(data.mirror.linkCount()).toBe(250 - 3 + 2);
    // The five the sweep saw before they were deleted go with the next sweep.
    expect((await sync.sweep()).deleted).toBe(5);
    await expectConverged();
  });
});
