import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSync, type Sync } from '../../../electron/backend/sync/index.js';
import type { SyncProgress } from '../../../electron/shared/models.js';
import { tempProfileData } from '../mirror/support/temp-mirror.js';
import { FakeClock, settle } from '../scheduler/support/fake-clock.js';
import { FakeService } from './support/fake-service.js';

let clock: FakeClock;
let fake: FakeService;
let data: ReturnType<typeof tempProfileData>;
let sync: Sync;
let progress: SyncProgress[];

beforeEach(() => {
  clock = new FakeClock();
  fake = new FakeService();
  fake.now = clock.now;
  data = tempProfileData({ clock });
  progress = [];
  // The details crawl has its own test; elsewhere its requests would only blur the counts.
  sync = createSync({
    api: fake.api,
    mirror: data.mirror,
    clock,
    onProgress: (p) => progress.push(p),
    intervals: { detailsCrawlMs: 0 },
  });
});

afterEach(async () => {
  await sync.stop();
  data.dispose();
});

const limitsAsked = () =>
  fake.callsOf('links.list').map((c) => (c.args[0] as { limit?: number }).limit);

describe('first sync', () => {
  it('asks for a large page, then trusts the page size the service answered', async () => {
    fake.addLinks(250);
    await sync.firstSync();
    expect(limitsAsked()).toEqual([1000, 100, 100]);
    expect(data.mirror.linkCount()).toBe(250);
    expect(fake.calls.every((c) => c.priority === 'background')).toBe(true);
  });

  it('falls back to a smaller page once when the service refuses a large one, and remembers it', async () => {
    fake.refuseLargeLimit = true;
    fake.addLinks(120);
    await sync.firstSync();
    const refused = fake.calls.filter(
      (c) => ((c.args[0] as { limit?: number } | undefined)?.limit ?? 0) > 100,
    );
    expect(refused).toHaveLength(1);
    // Links come first (see sync.ts): theirs is the one refused, and the other lists remember it.
    expect(limitsAsked()).toEqual([1000, 100, 100]);
    expect(data.mirror.linkCount()).toBe(120);
  });

  it('reports progress with an ETA computed from the rate budget', async () => {
    fake.addLinks(2500);
    // 5 requests left of 30 (the user's reserve is 7): nothing more until the budget grows in 40 s.
    fake.budget = { ...fake.budget, remaining: 5, resetAt: clock.now() + 40_000 };
    await sync.firstSync();
    // 24 pages of links and the seven small collections (QR codes the seventh) are left after the first page.
    const afterFirstPage = progress.find((p) => p.collection === 'links' && p.requestsLeft === 31)!;
    expect(afterFirstPage).toMatchObject({
      phase: 'first-sync',
      done: 100 + 1,
      etaMs: 40_000 + 60_000,
    });
    expect(afterFirstPage.total).toBeGreaterThanOrEqual(2500);
    // From there on, each page brings the requests left (and the ETA) down to nothing.
    const rest = progress
      .slice(progress.indexOf(afterFirstPage))
      .filter((p) => p.phase === 'first-sync');
    const left = rest.map((p) => p.requestsLeft);
    expect(left).toEqual([...left].sort((a, b) => b - a));
    expect(rest.at(-1)!.requestsLeft).toBe(0);
    expect(rest.map((p) => p.etaMs!)).toEqual([...rest.map((p) => p.etaMs!)].sort((a, b) => b - a));
    expect(progress.at(-1)).toMatchObject({
      phase: 'idle',
      etaMs: null,
      requestsLeft: 0,
      syncedAt: clock.now(),
    });
  });
});

describe('background loop', () => {
  it('goes offline on a network error, probes with backoff, and catches up when the service is back', async () => {
    fake.addLinks(30);
    sync.start();
    await clock.advance(0);
    expect(data.mirror.linkCount()).toBe(30);

    fake.offline = true;
    fake.addLinks(3);
    await clock.advance(60_000);
    expect(sync.progress()).toMatchObject({ online: false, nextProbeAt: clock.now() + 2_000 });
    const listsWhileOffline = fake.callsOf('links.list').length;
    await clock.advance(2_000 + 4_000 + 8_000);
    const probes = fake.callsOf('account.get').slice(-3);
    expect(probes.every((c) => c.priority === 'background')).toBe(true);
    expect(fake.callsOf('links.list').length).toBe(listsWhileOffline);
    expect(data.mirror.linkCount()).toBe(30);

    fake.offline = false;
    await clock.advance(16_000);
    expect(sync.progress().online).toBe(true);
    expect(data.mirror.linkCount()).toBe(33);
  });

  it('spreads the deletion sweep over time, one page per step', async () => {
    fake.addLinks(450);
    sync.start();
    await clock.advance(0);
    fake.links = fake.links.filter((l) => l.id !== 7);
    const synced = clock.now();
    // The first sweep comes after the rest period, then reads one page every 20 s.
    await clock.advance(30 * 60_000 + 6 * 20_000);
    const sweepPages = fake
      .callsOf('links.list')
      .filter(
        (c) =>
          (c.args[0] as { order?: string; page?: number }).order === 'date' &&
          (c.args[0] as { page?: number }).page! > 1,
      )
      .map((c) => c.at)
      .filter((at) => at > synced);
    expect(sweepPages).toHaveLength(4);
    for (let i = 1; i < sweepPages.length; i++)
      expect(sweepPages[i]! - sweepPages[i - 1]!).toBeGreaterThanOrEqual(20_000);
    expect(sweepPages[0]).toBeGreaterThanOrEqual(clock.now() - 6 * 20_000);
    expect(data.mirror.link(7)).toBeNull();
    expect(data.mirror.linkCount()).toBe(449);
  });
});

describe('details of links nobody opened', () => {
  const read = () => data.sql.count('SELECT COUNT(*) AS n FROM links WHERE details_at IS NOT NULL');

  it('are read in the background with spare budget only, a trickle at 30 a minute', async () => {
    await sync.stop();
    sync = createSync({ api: fake.api, mirror: data.mirror, clock });
    fake.addLinks(300);
    sync.start();
    await clock.advance(0);
    expect(read()).toBe(0);
    await clock.advance(20_000);
    expect(read()).toBe(1);
    expect(fake.callsOf('links.get').every((c) => c.priority === 'background')).toBe(true);
    // Less than half the budget left: none.
    fake.budget = { ...fake.budget, remaining: 14 };
    await clock.advance(40_000);
    expect(read()).toBe(1);
    // A service without a real limit (the local workspace): a hundred per step.
    fake.budget = { ...fake.budget, limit: 1_000_000, remaining: 1_000_000 };
    await clock.advance(20_000);
    expect(read()).toBe(101);
    // The newest first: what a person scrolls to first becomes filterable first.
    expect(data.mirror.link(300)?.unknown).not.toContain('expired');
  });
});

describe('opening a link', () => {
  it('reads details at user priority when older than five minutes, keeping a snapshot each time', async () => {
    fake.addLinks(3);
    await sync.firstSync();
    const first = await sync.openLink(2);
    expect(first).toMatchObject({ details: { id: 2 }, stale: false, fetchedAt: clock.now() });
    expect(fake.callsOf('links.get').map((c) => c.priority)).toEqual(['user']);
    await clock.advance(4 * 60_000);
    await sync.openLink(2);
    expect(fake.callsOf('links.get')).toHaveLength(1);
    fake.links[1]!.clicks = 40;
    await clock.advance(2 * 60_000);
    const again = await sync.openLink(2);
    expect(fake.callsOf('links.get')).toHaveLength(2);
    expect(again.snapshots.filter((s) => s.source === 'details').map((s) => s.clicks)).toEqual([
      2, 40,
    ]);
  });

  it("answers the mirror's copy, marked stale, when offline; forgets a link the service no longer has", async () => {
    fake.addLinks(3);
    await sync.firstSync();
    await sync.openLink(1);
    await clock.advance(10 * 60_000);
    fake.offline = true;
    expect(await sync.openLink(1)).toMatchObject({ stale: true, details: { id: 1 } });
    fake.offline = false;
    await sync.connectivity.probeNow();
    fake.links = fake.links.filter((l) => l.id !== 3);
    await expect(sync.openLink(3)).rejects.toMatchObject({ code: 'not-found' });
    expect(data.mirror.link(3)).toBeNull();
  });
});

describe('refreshing a view', () => {
  it('reads just what the view shows, at view priority, not again within 20 s unless forced', async () => {
    fake.addLinks(10);
    await sync.firstSync();
    fake.addLinks(2);
    fake.calls = [];
    await sync.refreshView({ kind: 'links' });
    expect(data.mirror.linkCount()).toBe(12);
    expect(fake.calls.map((c) => [c.method, c.priority])).toEqual([['links.list', 'view']]);
    await sync.refreshView({ kind: 'links' });
    expect(fake.calls).toHaveLength(1);
    await sync.refreshView({ kind: 'links' }, { force: true });
    expect(fake.calls).toHaveLength(2);
    await clock.advance(21_000);
    await sync.refreshView({ kind: 'channels' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'channels.list', priority: 'view' });
    await settle();
  });
});
