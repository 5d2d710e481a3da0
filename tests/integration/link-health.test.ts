import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkUrl } from '../../electron/backend/health/check-url.js';
import { createHealthRunner } from '../../electron/backend/health/health-runner.js';
import { readHealth } from '../../electron/backend/health/health-store.js';
import { storeListedLinks } from '../../electron/backend/mirror/link-writes.js';
import { createOutboundPolicy } from '../../electron/backend/net/outbound-address-policy.js';
import { createOutbound, type Outbound } from '../../electron/backend/net/outbound-request.js';
import type { HealthJob } from '../../electron/shared/health.js';
import { startTargetSite, type TargetSite } from '../support/target-sites.js';
import { link, tempProfileData } from '../unit/mirror/support/temp-mirror.js';

/*
 * Link health against real HTTP targets on loopback: statuses, redirect chains, the time limit,
 * HEAD refused, cancelling, per-host throttling, and what the mirror makes of the results
 * (the health filter, facet counts, the row's state).
 *
 * The target sites live on loopback, which the outbound rules refuse by default: these tests
 * check with "Also check links to addresses on my own network" on, as an intranet user would
 * (link-health-network.test.ts covers the refusals).
 */
const ownNetwork = createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork: true }) });

let site: TargetSite;
let data: ReturnType<typeof tempProfileData>;

beforeAll(async () => {
  site = await startTargetSite();
});
afterAll(async () => {
  await site.close();
});
beforeEach(() => {
  data = tempProfileData();
});
afterEach(() => data.dispose());

function seed(urls: string[]): number[] {
  const items = urls.map((longUrl, i) => link(i + 1, { longUrl }));
  data.mirror.write(['links'], () => storeListedLinks(data.sql, items, Date.now()));
  return items.map((l) => l.id);
}

describe('checking one URL', () => {
  it('follows redirects hop by hop, records each status, and tells broken targets in words', async () => {
    const opts = { timeoutMs: 5_000, maxRedirects: 10, outbound: ownNetwork };
    expect(await checkUrl(`${site.url}/ok`, opts)).toMatchObject({ state: 'ok', status: 200, problem: null, chain: [{ url: `${site.url}/ok`, status: 200 }] });
    expect(await checkUrl(`${site.url}/moved`, opts)).toMatchObject({
      state: 'ok',
      status: 200,
      chain: [
        { url: `${site.url}/moved`, status: 301 },
        { url: `${site.url}/ok`, status: 200 },
      ],
    });
    expect(await checkUrl(`${site.url}/missing`, opts)).toMatchObject({ state: 'broken', status: 404, problem: '404 Not Found' });
    expect(await checkUrl(`${site.url}/error`, opts)).toMatchObject({ state: 'broken', status: 500, problem: '500 Internal Server Error' });
    const loop = await checkUrl(`${site.url}/loop`, opts);
    expect(loop).toMatchObject({ state: 'broken', status: 302, problem: 'More than 10 redirects.' });
    expect(loop.chain).toHaveLength(11);
    expect((await checkUrl(`${site.url}/chain/10`, opts)).state).toBe('ok');
    expect((await checkUrl(`${site.url}/chain/11`, opts)).state).toBe('broken');
  });

  it('asks with GET when a server refuses HEAD (405), without reading the body', async () => {
    const before = site.hits.length;
    const check = await checkUrl(`${site.url}/no-head`, { timeoutMs: 5_000, maxRedirects: 10, outbound: ownNetwork });
    expect(check).toMatchObject({ state: 'ok', status: 200 });
    expect(site.hits.slice(before).map((h) => h.method)).toEqual(['HEAD', 'GET']);
  });

  it('gives up on a target that never answers after the time limit', async () => {
    const check = await checkUrl(`${site.url}/hang`, { timeoutMs: 300, maxRedirects: 10, outbound: ownNetwork });
    expect(check).toMatchObject({ state: 'broken', status: null, problem: 'No answer within 0.3 s.', chain: [{ url: `${site.url}/hang`, status: null }] });
    expect(check.timeMs).toBeGreaterThanOrEqual(290);
    expect(check.timeMs).toBeLessThan(3_000);
  });

  it('says why when nothing listens, and checks only web addresses', async () => {
    const closed = await startTargetSite();
    const url = `${closed.url}/ok`;
    await closed.close();
    expect(await checkUrl(url, { timeoutMs: 5_000, maxRedirects: 10, outbound: ownNetwork })).toMatchObject({ state: 'broken', status: null, problem: 'Connection refused: nothing answers at this address.' });
    expect(await checkUrl('mailto:someone@example.com', { timeoutMs: 5_000, maxRedirects: 10, outbound: ownNetwork })).toMatchObject({ state: 'broken', chain: [{ url: 'mailto:someone@example.com', status: null }] });
  });
});

describe('a health job over the mirror', () => {
  it('stores each link’s state, chain, status and time, and the health filter and facets find them', async () => {
    const ids = seed([`${site.url}/ok`, `${site.url}/moved`, `${site.url}/missing`, `${site.url}/error`, `${site.url}/hang`, `${site.url}/ok`, 'https://unchecked.invalid/never']);
    const progress: HealthJob[] = [];
    const runner = createHealthRunner({ outbound: ownNetwork, timeoutMs: 400, hostGapMs: 0, progressIntervalMs: 0, onProgress: (job) => progress.push(job) });
    const started = runner.start({ profileId: 'p1', mirror: data.mirror }, ids.slice(0, 6));
    expect(started).toMatchObject({ status: 'running', total: 6, checked: 0, broken: 0, finishedAt: null });
    await runner.settled();

    const job = runner.status()!;
    expect(job).toMatchObject({ id: started.id, status: 'done', total: 6, checked: 6, broken: 3 });
    expect(job.finishedAt).not.toBeNull();
    expect(progress.at(-1)).toMatchObject({ status: 'done', checked: 6, profileId: 'p1' });
    expect(progress.map((p) => p.checked)).toEqual([...progress.map((p) => p.checked)].sort((a, b) => a - b));

    const state = (id: number) => data.mirror.link(id)?.health;
    expect(ids.map(state)).toEqual(['ok', 'ok', 'broken', 'broken', 'broken', 'ok', null]);
    expect(readHealth(data.sql, ids[1]!)).toMatchObject({
      linkId: ids[1],
      state: 'ok',
      status: 200,
      chain: [
        { url: `${site.url}/moved`, status: 301 },
        { url: `${site.url}/ok`, status: 200 },
      ],
      problem: null,
    });
    expect(readHealth(data.sql, ids[2]!)).toMatchObject({ state: 'broken', status: 404, problem: '404 Not Found' });
    expect(readHealth(data.sql, ids[4]!)).toMatchObject({ state: 'broken', status: null, problem: 'No answer within 0.4 s.' });
    expect(readHealth(data.sql, ids[6]!)).toBeNull();

    const filtered = (health: 'ok' | 'broken' | 'unchecked') => data.mirror.links({ filters: { health }, sort: 'date', direction: 'asc' }).items.map((l) => l.id);
    expect(filtered('broken')).toEqual([ids[2], ids[3], ids[4]]);
    expect(filtered('ok')).toEqual([ids[0], ids[1], ids[5]]);
    expect(filtered('unchecked')).toEqual([ids[6]]);
    expect(data.mirror.links({ q: 'page', filters: { health: 'broken' } }).total).toBe(3);
    expect(data.mirror.links({ q: 'missing', filters: { health: 'broken' } }).items.map((l) => l.id)).toEqual([ids[2]]);
    expect(data.mirror.facets({}).health?.values).toEqual([
      { value: 'broken', count: 3 },
      { value: 'ok', count: 3 },
      { value: 'unchecked', count: 1 },
    ]);
    // Under a search the counts follow it (the search runs on a copy of the matches).
    expect(data.mirror.facets({ q: 'missing' }).health?.values).toEqual([
      { value: 'broken', count: 1 },
      { value: 'ok', count: 0 },
      { value: 'unchecked', count: 0 },
    ]);
  });

  it('forgets a result once the long URL changed: the new target is not checked yet', async () => {
    const [id] = seed([`${site.url}/missing`]);
    const runner = createHealthRunner({ outbound: ownNetwork, hostGapMs: 0 });
    runner.start({ profileId: 'p1', mirror: data.mirror });
    await runner.settled();
    expect(data.mirror.link(id!)?.health).toBe('broken');
    data.mirror.write(['links'], () => storeListedLinks(data.sql, [link(id!, { longUrl: `${site.url}/ok` })], Date.now()));
    expect(data.mirror.link(id!)?.health).toBeNull();
    expect(readHealth(data.sql, id!)).toBeNull();
    expect(data.mirror.links({ filters: { health: 'unchecked' } }).items.map((l) => l.id)).toEqual([id]);
  });

  it('matches results to long URLs holding characters JSON escapes (quotes, backslashes)', async () => {
    const ids = seed([`${site.url}/missing?q="quoted"`, `${site.url}/ok?path=a\\b`, `${site.url}/ok?plain`]);
    const runner = createHealthRunner({ outbound: ownNetwork, hostGapMs: 0 });
    runner.start({ profileId: 'p1', mirror: data.mirror });
    await runner.settled();
    expect(ids.map((id) => data.mirror.link(id)?.health)).toEqual(['broken', 'ok', 'ok']);
    expect(readHealth(data.sql, ids[0]!)?.chain[0]?.url).toBe(`${site.url}/missing?q="quoted"`);
    expect(data.mirror.links({ filters: { health: 'unchecked' } }).total).toBe(0);
  });

  it('stops sending requests once cancelled, and keeps no result for the aborted ones', async () => {
    const ids = seed(Array.from({ length: 8 }, (_, i) => `${site.url}/hang?n=${i}`));
    const before = site.hits.length;
    const runner = createHealthRunner({ outbound: ownNetwork, timeoutMs: 60_000, hostGapMs: 0 });
    runner.start({ profileId: 'p1', mirror: data.mirror }, ids);
    // One host: one request at a time. Cancel while the first hangs.
    await site.received(before + 1);
    const cancelled = await runner.cancel();
    expect(cancelled).toMatchObject({ status: 'cancelled', checked: 0, total: 8 });
    expect(site.hits.length - before).toBe(1);
    expect(ids.map((id) => data.mirror.link(id)?.health)).toEqual(ids.map(() => null));
    // A new job may start after a cancelled one.
    expect(() => runner.start({ profileId: 'p1', mirror: data.mirror }, [ids[0]!])).not.toThrow();
    await runner.cancel();
  });

  it('leaves addresses that are not web pages unchecked, without requesting anything', async () => {
    const ids = seed(['mailto:team@example.com', 'ftp://files.example.com/a.zip', `${site.url}/ok?web`]);
    const before = site.hits.length;
    const runner = createHealthRunner({ outbound: ownNetwork, hostGapMs: 0 });
    runner.start({ profileId: 'p1', mirror: data.mirror }, ids);
    await runner.settled();
    expect(runner.status()).toMatchObject({ status: 'done', total: 3, checked: 3, broken: 0 });
    expect(site.hits.length - before).toBe(1);
    expect(ids.map((id) => data.mirror.link(id)?.health)).toEqual([null, null, 'ok']);
  });

  it('runs one job at a time', async () => {
    const ids = seed([`${site.url}/hang?one`]);
    const runner = createHealthRunner({ outbound: ownNetwork, timeoutMs: 60_000 });
    runner.start({ profileId: 'p1', mirror: data.mirror }, ids);
    expect(() => runner.start({ profileId: 'p1', mirror: data.mirror }, ids)).toThrow(/already being checked/);
    await runner.cancel();
  });
});

describe('throttling', () => {
  let sites: TargetSite[] = [];
  beforeAll(async () => {
    sites = await Promise.all([2, 3, 4, 5, 6, 7].map((n) => startTargetSite({ host: `127.0.0.${n}`, slowMs: 15 })));
  });
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });

  it('keeps at most one request per host and four in all, while still checking hosts in parallel', async () => {
    // One big host and five small ones: once the small ones are done, every free worker would
    // go to the big one, unless the per-host limit holds them back.
    const [big, ...small] = sites;
    const urls = [...[1, 2, 3, 4, 5, 6].map((i) => `${big!.url}/slow?link=${i}`), ...small.map((s) => `${s.url}/slow?link=1`)];
    const before = sites.map((s) => s.hits.length);
    const ids = seed(urls);
    let inFlight = 0;
    let maxInFlight = 0;
    const counting: Outbound = {
      ...ownNetwork,
      async request(input, init) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await ownNetwork.request(input, init);
        } finally {
          inFlight--;
        }
      },
    };
    const runner = createHealthRunner({ outbound: counting, concurrency: 4, hostGapMs: 0 });
    runner.start({ profileId: 'p1', mirror: data.mirror }, ids);
    await runner.settled();
    expect(runner.status()).toMatchObject({ status: 'done', checked: 11, broken: 0 });
    expect(sites.map((s, i) => s.hits.length - before[i]!)).toEqual([6, 1, 1, 1, 1, 1]);
    for (const s of sites) expect(s.maxInFlight).toBe(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it('leaves a pause between two checks of the same host', async () => {
    const target = sites[0]!;
    const before = target.hits.length;
    const ids = seed([1, 2, 3].map((i) => `${target.url}/ok?gap=${i}`));
    const runner = createHealthRunner({ outbound: ownNetwork, hostGapMs: 120 });
    runner.start({ profileId: 'p1', mirror: data.mirror }, ids);
    await runner.settled();
    const hits = target.hits.slice(before);
    expect(hits).toHaveLength(3);
    for (let i = 1; i < hits.length; i++) {
      expect(hits[i]!.at - hits[i - 1]!.endedAt!).toBeGreaterThanOrEqual(100);
    }
  });
});
