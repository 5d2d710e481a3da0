import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createSync, type Sync } from '../../electron/backend/sync/index.js';
import { startTestService, type TestService } from '../support/service.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { FakeClock } from '../unit/scheduler/support/fake-clock.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * Opening links against the local service: every field of its details is kept (the local
 * service's extras included), what only details tell becomes filterable, and each read is a
 * statistics snapshot the detail view charts over time.
 */

let service: TestService;
let dir: string;
let data: ProfileData;
let api: ProfileApi;
let sync: Sync;
const clock = new FakeClock(Date.now());

beforeAll(async () => {
  service = await startTestService({ rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-details-'));
  data = openProfileData(dir, { baseUrl: service.url, clock });
  api = profileApiFor(service.url, service.key);
  sync = createSync({ api, mirror: data.mirror, clock });
});

afterAll(async () => {
  await sync.stop();
  api.close();
  data.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('opening a link', () => {
  it('keeps every field of its details and makes its campaign, status, password and expiry filterable', async () => {
    const client = createApiClient({ baseUrl: service.url, apiKey: () => service.key });
    const campaign = await client.campaigns.create({ name: 'Launch' });
    const channel = await client.channels.create({ name: 'Social' });
    const { id } = await client.links.create({
      url: 'https://example.com/full',
      custom: 'full-link',
      password: 'secret words',
      expiry: '2040-01-01 00:00:00',
      status: 'public',
      metaTitle: 'Full',
      metaDescription: 'Every field',
      deviceTarget: [{ device: 'iphone', link: 'https://example.com/ios' }],
      languageTarget: [{ language: 'de', link: 'https://example.de' }],
      parameters: [{ name: 'utm_source', value: 'mirror' }],
      deepLink: { apple: 'https://apps.apple.com/app/x' },
      channel: channel.id,
      campaign: campaign.id,
    });
    await client.links.create({ url: 'https://example.com/plain' });
    await sync.firstSync();
    expect(data.mirror.links({ filters: { campaign: campaign.id } })).toMatchObject({
      total: 0,
      unknown: 2,
    });

    const opened = await sync.openLink(id);
    const onServer = await client.links.get(id);
    const { stats, ...fields } = onServer;
    expect(opened.details).toEqual({ ...fields, stats });
    expect(opened.details).toMatchObject({
      status: 'public',
      passwordProtected: true,
      campaign: campaign.id,
      channel: channel.id,
      metaDescription: 'Every field',
      language: { de: 'https://example.de' },
      parameters: [{ name: 'utm_source', value: 'mirror' }],
    });
    expect(data.mirror.links({ filters: { campaign: campaign.id } })).toMatchObject({
      total: 1,
      unknown: 1,
    });
    expect(
      data.mirror
        .links({ filters: { password: true, status: 'public', expired: false } })
        .items.map((l) => l.id),
    ).toEqual([id]);
  });

  it('charts clicks over time from a snapshot per read, reading again only after five minutes', async () => {
    const seeder = openSeeder(service);
    const [linkId] = seeder.links(1);
    const first = await sync.openLink(linkId!);
    const reads = first.snapshots.filter((s) => s.source === 'details').length;
    seeder.setClicks(linkId!, 4_321);
    await clock.advance(60_000);
    expect((await sync.openLink(linkId!)).details?.stats.clicks).toBe(first.details?.stats.clicks);
    await clock.advance(5 * 60_000);
    const later = await sync.openLink(linkId!);
    seeder.close();
    expect(later.details?.stats.clicks).toBe(4_321);
    const points = later.snapshots.filter((s) => s.source === 'details');
    expect(points).toHaveLength(reads + 1);
    expect(points.at(-1)).toMatchObject({ clicks: 4_321, at: clock.now() });
    expect(points.at(-1)!.at - points.at(-2)!.at).toBe(6 * 60_000);
    expect(data.mirror.link(linkId!)?.clicks).toBe(4_321);
  });
});
