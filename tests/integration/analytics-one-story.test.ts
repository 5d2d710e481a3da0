import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTALS_AT } from '../../electron/backend/analytics/fresh-totals.js';
import { readAudience } from '../../electron/backend/analytics/audience.js';
import { readOverview } from '../../electron/backend/analytics/overview.js';
import { StatsFill } from '../../electron/backend/analytics/stats-fill.js';
import { systemClock } from '../../electron/backend/scheduler/clock.js';
import { createConnectivity } from '../../electron/backend/sync/connectivity.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { storeListedLinks } from '../../electron/backend/mirror/link-writes.js';
import { startTestService, type TestService } from '../support/service.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';
import { createLink, visit } from './service-redirect-support.js';

/*
 * Issue 28, item 6: right after visits no sync has read, the Analytics overview's totals, top
 * links' clicks and channel sums agree with the exact timeline the local service counts, because
 * the totals answered with that timeline are taken into the mirror first. Real redirects at
 * times the service's clock sets; the mirror as a sync left it before the visits.
 */

const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 2, 9);
let clockAt = T0;
let s: TestService;
let dir: string;
let data: ProfileData;
let links: { id: number; path: string }[];

beforeAll(async () => {
  s = await startTestService({ now: () => clockAt });
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-one-story-'));
  data = openProfileData(dir, { baseUrl: s.url });
  links = [];
  for (const name of ['story-a', 'story-b', 'story-c']) {
    const made = await createLink(s, { url: `https://example.com/${name}`, custom: name });
    links.push({ id: made.id, path: made.path });
  }
  // What a sync read an hour before the visits: three links, no clicks; channels known (no channel).
  const api = profileApiFor(s.url, s.key);
  try {
    const page = await api.links.list({ limit: 100 });
    data.mirror.write(['links'], () => {
      storeListedLinks(data.sql, page.items, T0 - H);
      data.sql.run('UPDATE links SET channel_known = 1, campaign_known = 1');
    });
  } finally {
    api.close();
  }
  clockAt = T0;
  for (let i = 0; i < 12; i++) {
    const r = await visit(s, links[0]!.path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });
    expect(r.status).toBe(302);
  }
  await s.service.flushClicks();
  clockAt = T0 + H;
});

afterAll(async () => {
  data.close();
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Analytics overview tells one story', () => {
  it('counts in its totals, top links and channels the clicks the exact timeline shows', async () => {
    const api = profileApiFor(s.url, s.key);
    try {
      const overview = await readOverview(data.mirror, api.clicks, { from: T0 - 12 * H, to: T0 + H, step: 'hour' }, T0 + H);
      const timelineTotal = overview.timeline.buckets.at(-1)?.total;
      const timelineGained = overview.timeline.buckets.reduce((n, b) => n + b.gained, 0);
      expect(overview.timeline.source).toBe('service');
      expect([timelineTotal, timelineGained]).toEqual([12, 12]);
      expect([overview.clicks, overview.links]).toEqual([12, 3]);
      expect(overview.top.map((l) => [l.id, l.gained, l.clicks])).toEqual([[links[0]!.id, 12, 12]]);
      expect(overview.channels.map((g) => [g.name, g.links, g.clicks, g.gained])).toEqual([['No channel', 3, 12, 12]]);
      expect(data.mirror.state(TOTALS_AT)).toBe(T0 + H);
    } finally {
      api.close();
    }
  });

  it('the service answers the totals of the links clicked since a time with the timeline, and refuses a bad time in words', async () => {
    type Answer = { clicks: { totals?: { id: number; clicks: number; gained: number }[] }; message?: string };
    const since = await s.api<Answer>('GET', `/api/clicks?from=${T0 - 12 * H}&to=${T0 + H}&step=hour&totalsSince=${T0 - H}`);
    expect(since.json.clicks.totals).toEqual([{ id: links[0]!.id, clicks: 12, gained: 12 }]);
    // No click since then nor in the range (which starts an hour after the visits): none.
    const later = await s.api<Answer>('GET', `/api/clicks?from=${T0 + H}&to=${T0 + 2 * H}&step=hour&totalsSince=${T0 + H}`);
    expect(later.json.clicks.totals).toEqual([]);
    const bad = await s.api<Answer>('GET', `/api/clicks?totalsSince=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/"totalsSince" must be a whole number/);
  });

  it('writes nothing when the mirror already holds every total (no change for the view to reload on)', async () => {
    const api = profileApiFor(s.url, s.key);
    try {
      const before = data.mirror.version();
      const overview = await readOverview(data.mirror, api.clicks, { from: T0 - 12 * H, to: T0 + 2 * H, step: 'hour' }, T0 + 2 * H);
      expect(overview.clicks).toBe(12);
      expect(data.mirror.version()).toBe(before);
    } finally {
      api.close();
    }
  });

  it('reads who clicked without asking where the service sets no rate limit, stale statistics included', async () => {
    const api = profileApiFor(s.url, s.key);
    const connectivity = createConnectivity({ clock: systemClock, probe: async () => undefined });
    try {
      // Statistics read before the visits: they count none of the 12 clicks.
      const stale = await api.links.get(links[0]!.id);
      data.mirror.write(['links'], () => {
        data.sql.run('UPDATE links SET details_at = ?, details = ? WHERE id = ?', [T0 - H, JSON.stringify({}), links[0]!.id]);
        data.sql.run(`INSERT INTO link_snapshots (link_id, at, source, clicks, stats) VALUES (?, ?, 'details', 0, ?)`, [
          links[0]!.id, T0 - H, JSON.stringify({ ...stale.stats, clicks: 0, topBrowsers: {} }),
        ]);
      });
      expect(readAudience(data.sql).clicks).toBe(0);
      const fill = new StatsFill(systemClock);
      // With a limit, the fill waits for the button, and a link already read does not count as left.
      const metered = { profileId: 'p', api, mirror: data.mirror, connectivity, unmetered: false };
      expect(fill.stateOrStart(metered)).toMatchObject({ running: false, left: 2, automatic: false });
      // Without one, it starts by itself and reads the stale link again too.
      const free = { ...metered, unmetered: true };
      expect(fill.stateOrStart(free)).toMatchObject({ running: true, left: 3, automatic: true });
      await fill.settled();
      expect(fill.state(free)).toMatchObject({ running: false, left: 0, read: 3, error: null });
      const audience = readAudience(data.sql);
      expect(audience.coverage).toMatchObject({ links: 3, withStats: 3 });
      expect(audience.clicks).toBe(12);
      expect(audience.browsers).toEqual({ Firefox: 12 });
    } finally {
      api.close();
    }
  });
});
