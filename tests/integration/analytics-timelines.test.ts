import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAudience } from '../../electron/backend/analytics/audience.js';
import { readComparison, readOverview } from '../../electron/backend/analytics/overview.js';
import { StatsFill } from '../../electron/backend/analytics/stats-fill.js';
import { OFFERS_TIMELINES } from '../../electron/backend/analytics/timeline-source.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { storeListedLinks } from '../../electron/backend/mirror/link-writes.js';
import { systemClock } from '../../electron/backend/scheduler/clock.js';
import { createConnectivity } from '../../electron/backend/sync/connectivity.js';
import { openDatabase, type Db } from '../../electron/service/db.js';
import { startDeploymentDouble, type DeploymentDouble } from '../support/deployment-double.js';
import { startTestService, type TestService } from '../support/service.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';
import { createLink, visit } from './service-redirect-support.js';

/*
 * Exact timelines: the local service counts its click rows per bucket (an extension of the
 * spec), clicks made by real redirects at times its clock sets; the app asks for them once per
 * profile and uses them, and any other service gets the series of the mirror's readings.
 */

const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2026, 2, 2); // a Monday, midnight UTC
let clockAt = T0;

let s: TestService;
let db: Db;
let ids: { a: number; b: number };

async function clickAt(at: number, path: string, times: number): Promise<void> {
  clockAt = at;
  for (let i = 0; i < times; i++) {
    const r = await visit(s, path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });
    expect(r.status).toBe(302);
  }
}

beforeAll(async () => {
  s = await startTestService({ now: () => clockAt });
  db = openDatabase(s.dataDir);
  const a = await createLink(s, { url: 'https://example.com/a', custom: 'tl-a' });
  const b = await createLink(s, { url: 'https://example.com/b', custom: 'tl-b' });
  ids = { a: a.id, b: b.id };
  await clickAt(T0 - 2 * DAY, a.path, 1); // before the ranges asked below
  await clickAt(T0 + 10 * H, a.path, 2);
  await clickAt(T0 + 23 * H + 30 * 60_000, b.path, 1); // 00:30 the next day at UTC+1
  await clickAt(T0 + 2 * DAY + 5 * H, a.path, 3);
  await s.service.flushClicks();
  clockAt = T0 + 3 * DAY;
});

afterAll(async () => {
  db.close();
  await s.close();
});

type Timeline = { clicks: { step: string; from: number; to: number; before: number; buckets: { start: number; clicks: number }[] } };
const rows = (where = '1', params: number[] = []) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM clicks WHERE ${where}`).get(...params) as { n: number }).n;

describe('the local service\'s click timelines (an extension of the spec)', () => {
  it('answers buckets that add up to its click rows, for the account and for one link', async () => {
    const all = await s.api<Timeline>('GET', `/api/clicks?from=${T0}&to=${T0 + 3 * DAY}&step=day`);
    expect(all.status).toBe(200);
    expect(all.json.clicks.before).toBe(1);
    expect(all.json.clicks.buckets).toEqual([
      { start: T0, clicks: 3 },
      { start: T0 + DAY, clicks: 0 },
      { start: T0 + 2 * DAY, clicks: 3 },
    ]);
    const sum = all.json.clicks.before + all.json.clicks.buckets.reduce((n, b) => n + b.clicks, 0);
    expect(sum).toBe(rows());
    expect(sum).toBe(7);

    const one = await s.api<Timeline>('GET', `/api/url/${ids.a}/clicks?from=${T0 - 3 * DAY}&to=${T0 + 3 * DAY}&step=week`);
    expect(one.json.clicks.buckets.reduce((n, b) => n + b.clicks, 0) + one.json.clicks.before).toBe(rows('link_id = ?', [ids.a]));
  });

  it('starts days at the person\'s midnight (utcOffset) and refuses bad parameters in words', async () => {
    const local = await s.api<Timeline>('GET', `/api/clicks?from=${T0 - H}&to=${T0 + 2 * DAY - H}&step=day&utcOffset=60`);
    expect(local.json.clicks.buckets).toEqual([
      { start: T0 - H, clicks: 2 },
      { start: T0 + DAY - H, clicks: 1 },
    ]);
    const bad = await s.api('GET', `/api/clicks?from=${T0}&to=${T0 - 1}`);
    expect(bad.status).toBe(400);
    const words = async (path: string) => (await s.api<{ message: string }>('GET', path)).json.message;
    expect(await words(`/api/clicks?from=${T0}&to=${T0 - 1}`)).toBe('The query parameter "from" must be before "to".');
    expect(await words('/api/clicks?step=fortnight')).toMatch(/"step" must be one of hour, day, week, month/);
    expect(await words(`/api/clicks?from=0&to=${T0}&step=hour`)).toMatch(/choose a larger step/);
    expect((await s.api('GET', '/api/url/999999/clicks')).status).toBe(404);
  });
});

describe('where the app reads clicks over time', () => {
  let dir: string;
  let data: ProfileData;
  let double: DeploymentDouble | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkdeck-analytics-'));
  });
  afterEach(async () => {
    data.close();
    await double?.close();
    double = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const open = (name: string, baseUrl: string) => {
    data = openProfileData(join(dir, name), { baseUrl });
    // What a sync read: link a with 6 clicks, b with 1, both first read at T0 + 3 days.
    data.mirror.write(['links'], () =>
      storeListedLinks(data.sql, [
        { id: ids.a, alias: 'tl-a', shortUrl: `${baseUrl}/tl-a`, longUrl: 'https://example.com/a', clicks: 6, title: '', description: '', date: '2026-03-01 00:00:00' },
        { id: ids.b, alias: 'tl-b', shortUrl: `${baseUrl}/tl-b`, longUrl: 'https://example.com/b', clicks: 1, title: '', description: '', date: '2026-03-01 00:00:00' },
      ], T0 + 3 * DAY - H),
    );
  };

  it('draws the local service\'s exact timeline, and remembers that the profile offers it', async () => {
    open('local', s.url);
    const api = profileApiFor(s.url, s.key);
    try {
      const overview = await readOverview(data.mirror, api.clicks, { from: T0, to: T0 + 3 * DAY, step: 'day' });
      expect(overview.timeline.source).toBe('service');
      expect(overview.timeline.buckets).toEqual([
        { start: T0, total: 4, gained: 3 },
        { start: T0 + DAY, total: 4, gained: 0 },
        { start: T0 + 2 * DAY, total: 7, gained: 3 },
      ]);
      expect(data.mirror.state(OFFERS_TIMELINES)).toBe(true);
      // Top links and movers are the service's exact counts too (a: 5 now, 1 in the 3 days before).
      expect(overview.top.map((l) => [l.alias, l.gained, l.before])).toEqual([['tl-a', 5, 1], ['tl-b', 1, 0]]);
      expect(overview.movers.map((l) => l.alias)).toEqual(['tl-a', 'tl-b']);
      const compared = await readComparison(data.mirror, api.clicks, { from: T0, to: T0 + 3 * DAY, step: 'day' }, [{ kind: 'link', id: ids.b }]);
      expect(compared.series[0]?.timeline).toMatchObject({ source: 'service', buckets: [{ gained: 1 }, { gained: 0 }, { gained: 0 }] });
    } finally {
      api.close();
    }
  });

  it('charts the mirror\'s readings for a service without the extension, asking it only once', async () => {
    double = await startDeploymentDouble();
    open('remote', double.url);
    const api = profileApiFor(double.url, double.key);
    try {
      const range = { from: T0, to: T0 + 3 * DAY, step: 'day' as const };
      const first = await readOverview(data.mirror, api.clicks, range);
      expect(first.timeline.source).toBe('mirror');
      // Everything was first read on the last day: its total, and no gain counted from before.
      expect(first.timeline.buckets.map((b) => [b.total, b.gained])).toEqual([[null, 0], [null, 0], [7, 0]]);
      expect(data.mirror.state(OFFERS_TIMELINES)).toBe(false);
      await readOverview(data.mirror, api.clicks, range);
      expect(double.calls().filter((c) => c === 'GET /api/clicks')).toHaveLength(1);
    } finally {
      api.close();
    }
  });
});

describe('filling the statistics the mirror lacks', () => {
  it('reads the details of every link without them, at background priority, and the audience then covers them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-fill-'));
    const data = openProfileData(dir, { baseUrl: s.url });
    const api = profileApiFor(s.url, s.key);
    const priorities: string[] = [];
    const spied = { ...api, links: { ...api.links, get: (id: number, o?: { priority?: string }) => (priorities.push(o?.priority ?? ''), api.links.get(id, o as never)) } };
    try {
      const page = await api.links.list({ limit: 100 });
      data.mirror.write(['links'], () => storeListedLinks(data.sql, page.items, Date.now()));
      const fill = new StatsFill(systemClock);
      const target = { profileId: 'p', api: spied as never, mirror: data.mirror, connectivity: createConnectivity({ clock: systemClock, probe: async () => undefined }), unmetered: false };
      expect(fill.state(target)).toMatchObject({ running: false, left: 2, etaMs: expect.any(Number) });
      expect(fill.start(target).running).toBe(true);
      await fill.settled();
      expect(fill.state(target)).toMatchObject({ running: false, left: 0, read: 2, etaMs: null, error: null });
      expect(priorities).toEqual(['background', 'background']);
      const audience = readAudience(data.sql);
      expect(audience.coverage).toMatchObject({ links: 2, withStats: 2 });
      expect(audience.clicks).toBe(rows());
      expect(audience.browsers).toEqual({ Firefox: rows() });
    } finally {
      api.close();
      data.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
