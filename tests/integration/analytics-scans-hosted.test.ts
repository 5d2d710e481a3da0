import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOverview } from '../../electron/backend/analytics/overview.js';
import { replaceCollection } from '../../electron/backend/mirror/collections.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { storeListedLinks } from '../../electron/backend/mirror/link-writes.js';
import { QRS } from '../../electron/backend/mirror/qr-codes.js';

/*
 * Issue 37, item 1, on a hosted profile (a service without click timelines: no ClicksSource):
 * the page's clicks are the listed links' and the QR codes' scans come apart from the QR list
 * the sync read, with no timeline of their own; a static code (never counts) is not a code that
 * counts scans.
 */

let dir: string;
let data: ProfileData;
const NOW = Date.UTC(2026, 10, 28, 12);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-scans-hosted-'));
  data = openProfileData(dir, { baseUrl: 'https://hosted.example' });
  const link = (id: number, clicks: number) => ({
    id, alias: `a${id}`, shortUrl: `https://hosted.example/a${id}`, longUrl: `https://example.com/${id}`, clicks, title: '', description: '', date: '2026-11-01 10:00:00',
  });
  const qr = (id: number, type: string, scans: number) => ({ id, name: `qr ${id}`, link: `https://hosted.example/qr/q${id}`, scans, date: '2026-11-01 10:00:00', type, content: null, shortUrl: null });
  data.mirror.write(['links', 'qrs'], () => {
    storeListedLinks(data.sql, [link(1, 7), link(2, 5)], NOW - 60_000);
    replaceCollection(data.sql, QRS, [qr(10, 'link', 4), qr(11, 'smsonly', 6), qr(12, 'wifi', 0)], NOW - 60_000);
  });
});

afterAll(() => {
  data.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Analytics on a hosted profile with QR codes', () => {
  it('counts the links\' clicks and, apart, the scans of the codes that count them', async () => {
    const o = await readOverview(data.mirror, null, { from: NOW - 30 * 86_400_000, to: NOW }, NOW);
    expect({ links: o.links, clicks: o.clicks, scans: o.scans }).toEqual({ links: 2, clicks: 12, scans: { codes: 2, scans: 10, timeline: null } });
    expect(o.timeline.source).toBe('mirror');
    expect(o.timeline.buckets.at(-1)?.total).toBe(12);
  });
});
