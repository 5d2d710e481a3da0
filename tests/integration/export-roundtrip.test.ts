import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/backend/api/client.js';
import { exportLinks, exportStats, LINK_CSV_COLUMNS, type ExportedLink } from '../../electron/backend/export/index.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createSync, type Sync } from '../../electron/backend/sync/index.js';
import type { LinkInput } from '../../electron/shared/models.js';
import { readCsv, unguard } from '../support/csv-read.js';
import { startTestService, type TestService } from '../support/service.js';
import { openSeeder } from '../unit/mirror/support/service-seed.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * Export round trip against the real local service: links with every field the service keeps
 * (and real clicks, so statistics) are mirrored, exported as CSV and JSON from the mirror, and
 * the files parsed back equal what the mirror holds. No request reaches the service while
 * exporting.
 */

let service: TestService;
let dir: string;
let data: ProfileData;
let api: ProfileApi;
let sync: Sync;
const rich: number[] = [];
let plain: number[] = [];
let channelId = 0;
let campaignName = '';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

beforeAll(async () => {
  service = await startTestService({ rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-export-'));
  // The mirror lives ten years ahead, so that links expiring in 2030 are expired for it (the
  // service takes only future expiry dates).
  data = openProfileData(dir, { baseUrl: service.url, clock: { now: () => Date.now() + 10 * 365 * 86_400_000 } });
  api = profileApiFor(service.url, service.key);
  sync = createSync({ api, mirror: data.mirror });

  const client = createApiClient({ baseUrl: service.url, apiKey: () => service.key });
  const channel = await client.channels.create({ name: 'Social, "quoted"' });
  channelId = channel.id;
  campaignName = '=Launch 2026';
  const campaign = await client.campaigns.create({ name: campaignName });
  const pixel = await client.pixels.create({ type: 'fbpixel', name: 'FB', tag: '123456789012345' });
  // Titles a CSV has to survive: separators, quotes, line breaks, formulas, other scripts.
  const titles = ['Plain title', 'Comma, and "quotes"', 'Two\nlines', '=SUM(A1:A9)', '@mention', '+plus', '-minus', 'Café ☕ 東京 — ünïcödé'];
  for (const [i, title] of titles.entries()) {
    const input: LinkInput = {
      url: `https://example.com/rich/${i}?utm_source=test&q=a,b`,
      custom: `rich-${i}`,
      metaTitle: title,
      metaDescription: `Description ${i}`,
      description: i % 2 === 0 ? `Note ${i}, with a comma` : '',
      status: i % 2 === 0 ? 'public' : 'private',
      ...(i % 3 === 0 ? { password: 'secret' } : {}),
      ...(i % 4 === 1 ? { expiry: '2030-01-01 00:00:00' } : i % 4 === 2 ? { expiry: '2099-01-01 00:00:00' } : {}),
      ...(i % 2 === 0 ? { channel: channel.id, campaign: campaign.id } : {}),
      geoTarget: [{ location: 'Germany', link: 'https://example.de/' }],
      deviceTarget: [{ device: 'iphone', link: 'https://example.com/ios' }],
      languageTarget: [{ language: 'fr', link: 'https://example.fr/' }],
      parameters: [{ name: 'utm_medium', value: `m${i}` }],
      deepLink: { apple: 'https://apps.apple.com/app/x', google: 'https://play.google.com/store/apps/details?id=x' },
      pixels: [pixel.id],
      ...(i === 5 ? { type: 'frame' as const } : {}),
    };
    const { id, shortUrl } = await client.links.create(input);
    rich.push(id);
    // Real visits: the statistics every export carries.
    for (let v = 0; v <= i % 3; v++) {
      await fetch(shortUrl, { redirect: 'manual', headers: { 'User-Agent': UA, Referer: 'https://news.example/today', 'CF-IPCountry': v % 2 ? 'DE' : 'US' } });
    }
  }
  // Many plain links, more than any list window (500), fewer than enough to matter for time.
  const seeder = openSeeder(service);
  plain = seeder.links(1_200, { start: Date.UTC(2020, 0, 1) });
  seeder.close();

  await sync.firstSync();
  for (const id of rich) await sync.openLink(id);
}, 120_000);

afterAll(async () => {
  await sync.stop();
  api.close();
  data.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the mirror holds about a link, read through the mirror's own answers (not the exporter's SQL). */
function fromMirror(id: number): ExportedLink {
  const link = data.mirror.link(id)!;
  const opened = data.mirror.linkDetails(id)!;
  const channels = new Map(data.mirror.channels().items.map((c) => [c.id, c.name]));
  const campaigns = new Map(data.mirror.campaigns().items.map((c) => [c.id, c.name]));
  const lastRead = [...opened.snapshots].reverse().find((s) => s.source === 'details');
  let details: ExportedLink['details'] = null;
  if (opened.details) {
    const { stats: _stats, ...rest } = opened.details;
    details = rest;
  }
  return {
    id,
    alias: link.alias,
    shortUrl: link.shortUrl,
    longUrl: link.longUrl,
    title: link.title,
    description: link.description,
    clicks: link.clicks,
    date: link.date,
    domain: link.domain,
    provisional: link.provisional,
    channelId: link.channelId,
    channelName: link.channelId === null ? null : (channels.get(link.channelId) ?? null),
    campaignId: link.campaignId,
    campaignName: link.campaignId === null ? null : (campaigns.get(link.campaignId) ?? null),
    status: link.status,
    passwordProtected: link.passwordProtected,
    expiry: link.expiry,
    expired: link.expired,
    pending: link.pending,
    failed: link.failed,
    health: link.health ?? null,
    detailsReadAt: opened.fetchedAt === null ? null : new Date(opened.fetchedAt).toISOString(),
    details,
    lastStats: lastRead?.stats ? { at: new Date(lastRead.at).toISOString(), ...lastRead.stats } : null,
  };
}

/** A CSV record back into an exported link (the inverse of LINK_CSV_COLUMNS). */
function fromCsv(cells: Record<string, string>): Record<string, unknown> {
  const text = (k: string) => (cells[k] === '' ? null : cells[k]!);
  const num = (k: string) => (cells[k] === '' ? null : Number(cells[k]));
  const bool = (k: string) => (cells[k] === '' ? null : cells[k] === 'true');
  const json = (k: string) => (cells[k] === '' ? undefined : JSON.parse(cells[k]!));
  return {
    id: num('id'),
    alias: cells['alias'],
    shortUrl: cells['short_url'],
    longUrl: cells['long_url'],
    title: cells['title'],
    description: cells['note'],
    clicks: num('clicks'),
    date: cells['date'],
    domain: cells['domain'],
    provisional: bool('provisional'),
    channelId: num('channel_id'),
    channelName: text('channel'),
    campaignId: num('campaign_id'),
    campaignName: text('campaign'),
    status: text('status'),
    passwordProtected: bool('password_protected'),
    expiry: text('expiry'),
    expired: bool('expired'),
    pending: text('pending'),
    failed: text('failed'),
    health: text('health'),
    detailsReadAt: text('details_read_at'),
    custom: bool('alias_is_custom') ?? undefined,
    redirect: cells['redirect'] === '' ? undefined : /^[{[]/.test(cells['redirect']!) ? JSON.parse(cells['redirect']!) : cells['redirect'],
    brandedDomain: cells['branded_domain'] === '' ? undefined : cells['branded_domain'],
    metaTitle: text('meta_title') ?? undefined,
    metaDescription: text('meta_description') ?? undefined,
    metaImage: text('meta_image') ?? undefined,
    location: json('geo_targets'),
    device: json('device_targets'),
    language: json('language_targets'),
    deepLink: json('deep_links'),
    pixels: json('pixels'),
    parameters: json('parameters'),
    updated: text('updated') ?? undefined,
    statsAt: text('stats_read_at'),
    statsClicks: num('stats_clicks'),
    uniqueClicks: num('unique_clicks'),
    topCountries: json('top_countries'),
    topReferrers: json('top_referrers'),
    topBrowsers: json('top_browsers'),
    topOs: json('top_os'),
    socialCount: json('social'),
  };
}

/** The same flattening applied to what the mirror holds. */
function flatten(l: ExportedLink): Record<string, unknown> {
  const d = l.details;
  return {
    id: l.id,
    alias: l.alias,
    shortUrl: l.shortUrl,
    longUrl: l.longUrl,
    title: l.title,
    description: l.description,
    clicks: l.clicks,
    date: l.date,
    domain: l.domain,
    provisional: l.provisional,
    channelId: l.channelId,
    channelName: l.channelName,
    campaignId: l.campaignId,
    campaignName: l.campaignName,
    status: l.status,
    passwordProtected: l.passwordProtected,
    expiry: l.expiry,
    expired: l.expired,
    pending: l.pending,
    failed: l.failed,
    health: l.health,
    detailsReadAt: l.detailsReadAt,
    custom: d?.custom,
    redirect: d?.redirect,
    brandedDomain: d?.domain ?? undefined,
    metaTitle: d?.metaTitle,
    metaDescription: d?.metaDescription,
    metaImage: d?.metaImage || undefined,
    location: d?.location,
    device: d?.device,
    language: d?.language,
    deepLink: d?.deepLink,
    pixels: d?.pixels,
    parameters: d?.parameters,
    updated: d?.updated,
    statsAt: l.lastStats?.at ?? null,
    statsClicks: l.lastStats?.clicks ?? null,
    uniqueClicks: l.lastStats?.uniqueClicks ?? null,
    topCountries: l.lastStats?.topCountries,
    topReferrers: l.lastStats?.topReferrers,
    topBrowsers: l.lastStats?.topBrowsers,
    topOs: l.lastStats?.topOs,
    socialCount: l.lastStats?.socialCount,
  };
}

function parseCsvFile(content: string): Record<string, string>[] {
  expect(content.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = readCsv(content);
  expect(header).toEqual(LINK_CSV_COLUMNS.map(([name]) => name));
  for (const r of records) expect(r).toHaveLength(header!.length);
  return records.map((r) => Object.fromEntries(header!.map((name, i) => [name, unguard(r[i]!)])));
}

describe('exporting links', () => {
  it('writes every mirrored field of every link as CSV that parses back equal to the mirror', async () => {
    const requestsBefore = api.scheduler.state().inFlight;
    const file = await exportLinks(data.mirror, 'csv');
    expect(api.scheduler.state().inFlight).toBe(requestsBefore);
    expect(file.mime).toBe('text/csv');
    expect(file.filename).toMatch(/^linkdeck-links-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const records = parseCsvFile(file.content);
    expect(records).toHaveLength(rich.length + plain.length);
    // Newest first, as the list shows them.
    expect(records.slice(0, rich.length).map((r) => Number(r['id']))).toEqual([...rich].reverse());
    for (const record of records.slice(0, rich.length)) {
      expect(fromCsv(record)).toEqual(flatten(fromMirror(Number(record['id']))));
    }
    for (const record of records.slice(rich.length, rich.length + 50)) {
      expect(fromCsv(record)).toEqual(flatten(fromMirror(Number(record['id']))));
    }
    // Every field of the rich links was really filled (the comparison is not of empties).
    expect(fromMirror(rich[0]!)).toMatchObject({ channelName: 'Social, "quoted"', campaignName, status: 'public', passwordProtected: true });
    const sample = fromMirror(rich[2]!);
    expect(sample).toMatchObject({ status: 'public', passwordProtected: false, expiry: '2099-01-01 00:00:00', expired: false });
    expect(sample.details).toMatchObject({ metaTitle: 'Two\nlines', language: { fr: 'https://example.fr/' }, parameters: [{ name: 'utm_medium', value: 'm2' }], pixels: [expect.any(Number)] });
    expect(sample.lastStats).toMatchObject({ clicks: 3, topCountries: { 'United States': 2, Germany: 1 } });
  });

  it('guards formula-like cells and keeps line breaks inside one quoted field', async () => {
    const file = await exportLinks(data.mirror, 'csv', { q: 'rich' });
    const raw = readCsv(file.content);
    const titleAt = raw[0]!.indexOf('title');
    const titles = raw.slice(1).map((r) => r[titleAt]);
    expect(titles).toEqual(expect.arrayContaining(["'=SUM(A1:A9)", "'@mention", "'+plus", "'-minus", 'Two\nlines', 'Comma, and "quotes"']));
    expect(raw.slice(1).map((r) => r[raw[0]!.indexOf('campaign')]).filter(Boolean)).toEqual(Array(4).fill(`'${campaignName}`));
  });

  it('writes JSON with the same links, nested, equal to the mirror', async () => {
    const file = await exportLinks(data.mirror, 'json');
    expect(file.mime).toBe('application/json');
    const parsed = JSON.parse(file.content) as { format: string; count: number; links: ExportedLink[] };
    expect(parsed).toMatchObject({ format: 'linkdeck-links', count: rich.length + plain.length });
    expect(parsed.links).toHaveLength(rich.length + plain.length);
    for (const link of parsed.links.slice(0, rich.length + 20)) expect(link).toEqual(fromMirror(link.id));
  });

  it('exports only what the search and filters match, all of it, in the chosen order', async () => {
    const byChannel = JSON.parse((await exportLinks(data.mirror, 'json', { filters: { channel: channelId }, sort: 'title', direction: 'asc' })).content) as { links: ExportedLink[] };
    const expected = data.mirror.links({ filters: { channel: channelId }, sort: 'title', direction: 'asc', limit: 500 }).items.map((l) => l.id);
    expect(byChannel.links.map((l) => l.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    const all = data.mirror.links({ limit: 500 }).total;
    expect(all).toBe(rich.length + plain.length);
    const csv = parseCsvFile((await exportLinks(data.mirror, 'csv', { filters: { expired: true } })).content);
    expect(csv.map((r) => Number(r['id'])).sort((a, b) => a - b)).toEqual(rich.filter((_, i) => i % 4 === 1).sort((a, b) => a - b));
    const none = await exportLinks(data.mirror, 'json', { q: 'no-such-words-anywhere' });
    expect(JSON.parse(none.content)).toMatchObject({ count: 0, links: [] });
  });
});

describe('exporting one link’s statistics', () => {
  it('writes totals, each top list and the readings over time, in sections of one width', () => {
    const id = rich[2]!;
    const file = exportStats(data.mirror, id);
    expect(file.filename).toMatch(/^linkdeck-stats-rich-2-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const rows = readCsv(file.content);
    for (const r of rows) expect(r).toHaveLength(4);
    const opened = data.mirror.linkDetails(id)!;
    const stats = opened.details!.stats;
    const section = (title: string) => {
      const at = rows.findIndex((r) => r[0] === title);
      expect(at, title).toBeGreaterThan(0);
      const end = rows.findIndex((r, i) => i > at && r.every((c) => c === ''));
      return rows.slice(at + 2, end === -1 ? undefined : end);
    };
    expect(rows[0]).toEqual(['Link', opened.link.shortUrl, '', '']);
    expect(section('Totals')).toEqual([
      ['Clicks', String(stats.clicks), '', ''],
      ['Unique clicks', String(stats.uniqueClicks), '', ''],
    ]);
    expect(stats.clicks).toBe(3);
    const asMap = (rs: string[][]) => Object.fromEntries(rs.map((r) => [r[0], Number(r[1])]));
    expect(asMap(section('Countries'))).toEqual(stats.topCountries);
    expect(asMap(section('Referrers'))).toEqual(stats.topReferrers);
    expect(asMap(section('Browsers'))).toEqual(stats.topBrowsers);
    expect(asMap(section('Operating systems'))).toEqual(stats.topOs);
    expect(asMap(section('Social networks'))).toEqual(stats.socialCount);
    expect(section('Clicks over time').map((r) => [Date.parse(r[0]!), r[1], Number(r[2])])).toEqual(opened.snapshots.map((s) => [s.at, s.source, s.clicks]));
  });

  it('says so for a link that is not mirrored', () => {
    expect(() => exportStats(data.mirror, 987_654)).toThrow(/no longer among the links synced to this computer/);
  });
});
