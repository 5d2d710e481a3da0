import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openProfileData } from '../../electron/backend/mirror/index.js';
import { createOutbox } from '../../electron/backend/outbox/index.js';
import { createConnectivity, createSync } from '../../electron/backend/sync/index.js';
import { startService, type RunningService } from '../../electron/service/start.js';
import { FakeClock } from '../unit/scheduler/support/fake-clock.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * A whole offline session against the real local service: mirror everything, lose the
 * service, browse, search, filter and open links from the mirror, queue a new link (shown
 * pending), get the service back: the link is sent and the pending mark clears.
 */

const serviceDir = mkdtempSync(join(tmpdir(), 'linkdeck-offline-service-'));
const profileDir = mkdtempSync(join(tmpdir(), 'linkdeck-offline-profile-'));
let service: RunningService | undefined;

afterAll(async () => {
  await service?.close();
  rmSync(serviceDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

describe('offline session', () => {
  it('browses, searches and opens from the mirror offline, and sends what was queued when back', async () => {
    service = await startService({ dataDir: serviceDir, port: 0, rateLimit: 0 });
    const { port } = service;
    const key = service.firstApiKey!;
    const seeder = openSeeder({ dataDir: serviceDir, key });
    const news = seeder.channel('News');
    const spring = seeder.campaign('Spring');
    seeder.links(300, { channels: [news], campaigns: [spring] });
    seeder.close();

    const data = openProfileData(profileDir, { baseUrl: service.url });
    const api = profileApiFor(service.url, key, { timeoutMs: 2_000 });
    const clock = new FakeClock();
    const connectivity = createConnectivity({ clock, probe: () => api.account.get() });
    const sync = createSync({ api, mirror: data.mirror, connectivity });
    const outbox = createOutbox({ mirror: data.mirror, api, connectivity });
    outbox.start();
    await sync.firstSync();
    const opened = await sync.openLink(1);
    expect(opened.details?.campaign).toBe(spring);

    // The service goes away.
    await service.close();
    const page = data.mirror.links({ q: 'spring', limit: 10 });
    expect(page.total).toBeGreaterThan(0);
    expect(
      page.items.every((l) =>
        `${l.title} ${l.longUrl} ${l.description}`.toLowerCase().includes('spring'),
      ),
    ).toBe(true);
    expect(data.mirror.links({ filters: { channel: news } }).total).toBe(200);
    expect(data.mirror.links({ filters: { campaign: spring } })).toMatchObject({
      total: 1,
      unknown: 299,
    });
    // Opening: the mirror's copy, stale; the one opened before has its details and statistics.
    expect(await sync.openLink(1)).toMatchObject({ stale: false, details: { id: 1 } });
    const neverOpened = await sync.openLink(2, { force: true });
    expect(neverOpened).toMatchObject({ stale: true, details: null, link: { id: 2 } });
    expect(connectivity.isOnline()).toBe(false);

    // A new link while offline: shown at once, pending, found by search.
    const op = outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/on-a-plane', custom: 'plane' },
    });
    await outbox.idle();
    expect(data.mirror.links({ q: 'on-a-plane' }).items).toMatchObject([
      { id: op.provisionalId, pending: 'create', provisional: true },
    ]);

    // Back online (same address): the probe answers, the outbox sends, the mark clears.
    service = await startService({ dataDir: serviceDir, port, rateLimit: 0 });
    expect(await connectivity.probeNow()).toBe(true);
    const sent = await outbox.settled(op.opId);
    expect(data.mirror.links({ q: 'on-a-plane' }).items).toMatchObject([
      { id: sent.id, pending: null, provisional: false, shortUrl: `${service.url}/plane` },
    ]);
    await sync.incremental();
    expect(data.mirror.linkCount()).toBe(301);

    await outbox.stop();
    await sync.stop();
    api.close();
    data.close();
  });
});
