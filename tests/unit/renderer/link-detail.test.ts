// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import LinkDetail from '../../../renderer/src/components/link-detail/LinkDetail.vue';
import BarChart from '../../../renderer/src/components/charts/BarChart.vue';
import DoughnutChart from '../../../renderer/src/components/charts/DoughnutChart.vue';
import { refreshCostText, expiryState, snapshotPeriod } from '../../../renderer/src/components/link-detail/detail-text.js';
import { useLinkDetailsStore } from '../../../renderer/src/stores/link-details.js';
import type { LinkDetails, MirrorLink, MirrorLinkDetails } from '../../../electron/shared/models.js';
import { budgetOf, installFakeBridge, mirrorLink, localProfile, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;
const DAY = 24 * 3600_000;

const budget = budgetOf;

const link = (over: Partial<MirrorLink> = {}): MirrorLink =>
  mirrorLink({
    id: 5, alias: 'spring', shortUrl: 'http://s/spring', longUrl: 'https://example.com/spring', clicks: 3, title: 'Spring', description: 'Note',
    unknown: ['channel', 'campaign', 'status', 'password', 'expired'], ...over,
  });

function details(over: Partial<LinkDetails> = {}): LinkDetails {
  return {
    id: 5, alias: 'spring', shortUrl: 'http://s/spring', longUrl: 'https://example.com/spring', title: 'Spring', description: 'Note',
    location: { canada: 'https://example.com/ca', germany: 'https://example.com/de' }, device: { iphone: 'https://example.com/ios' }, language: {},
    expiry: '2999-01-01 00:00:00', date: '2025-01-01 10:00:00', status: 'private', passwordProtected: true, redirect: 'frame', domain: null,
    metaTitle: 'Spring sale', metaDescription: 'Everything half price', metaImage: 'https://cdn.example.com/a.png',
    deepLink: { apple: 'https://apps.apple.com/app/id1', google: '' }, pixels: [2, 9], channel: 1, campaign: null, parameters: [{ name: 'utm_source', value: 'news' }],
    stats: {
      clicks: 19, uniqueClicks: 11,
      topCountries: { 'United States': 12, Germany: 5, '': 2 },
      topReferrers: { 'news.example': 4, 't.co': 2 },
      topBrowsers: { Chrome: 10, Firefox: 6, Safari: 3 },
      topOs: { Windows: 9, iOS: 7, Linux: 3 },
      socialCount: { facebook: 1, twitter: 2, linkedin: 0 },
    },
    ...over,
  };
}

function answer(value: Partial<MirrorLinkDetails>): MirrorLinkDetails {
  return {
    link: link(), details: details(), fetchedAt: Date.now(), stale: false, unknownOnUpdate: [], origins: [], source: 'mirror', syncedAt: Date.now(),
    snapshots: [
      { at: new Date(2025, 0, 1, 9, 0).getTime(), clicks: 2, uniqueClicks: null, stats: null, source: 'list' },
      { at: new Date(2025, 0, 3, 18, 30).getTime(), clicks: 19, uniqueClicks: 11, stats: null, source: 'details' },
    ],
    ...value,
  };
}

async function open(value: MirrorLinkDetails): Promise<VueWrapper> {
  fake.answer('links:get', ok(value));
  const store = useLinkDetailsStore();
  wrapper = mount(LinkDetail, { attachTo: document.body });
  await store.open(5);
  await flushPromises();
  return wrapper;
}

const aria = (w: VueWrapper, testid: string) => w.get(`[data-testid="${testid}"] [role="img"]`).attributes('aria-label');

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
  fake.answer('budget:state', ok(budget(28)));
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: true }));
  fake.answer('pixels:list', ok({ items: [{ id: 2, type: 'gtmpixel', name: 'Tag manager', tag: 'GTM-1', date: '' }], source: 'mirror', syncedAt: 1 }));
  fake.answer('channels:list', ok({ items: [{ id: 1, name: 'Newsletter', description: '', color: '', starred: false }], source: 'mirror', syncedAt: 1 }));
  fake.answer('campaigns:list', ok({ items: [], source: 'mirror', syncedAt: 1 }));
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.restoreAllMocks();
});

describe('LinkDetail statistics', () => {
  it('summarises every chart in its aria-label and passes the counts to the charts, largest first', async () => {
    const w = await open(answer({}));
    expect(w.get('[data-testid="link-detail-clicks"]').text()).toBe('19');
    expect(w.get('[data-testid="link-detail-unique"]').text()).toBe('11');
    expect(aria(w, 'chart-countries')).toBe('Top countries: United States 12, Germany 5, Unknown 2.');
    expect(aria(w, 'chart-referrers')).toBe('Top referrers: news.example 4, t.co 2.');
    expect(aria(w, 'chart-browsers')).toBe('Browsers: Chrome 10, Firefox 6, Safari 3.');
    expect(aria(w, 'chart-os')).toBe('Operating systems: Windows 9, iOS 7, Linux 3.');
    expect(w.get('[data-testid="link-detail-social"]').attributes('aria-label')).toBe('Social networks: X (Twitter) 2, Facebook 1, LinkedIn 0.');
    expect(w.get('[data-testid="clicks-chart"] canvas').attributes('aria-label')).toBe(
      'Clicks over time: 2 readings from Jan 1, 2025, 9:00 AM to Jan 3, 2025, 6:30 PM, latest 19.',
    );
    expect(w.get('[data-testid="link-detail-period"]').text()).toBe('From Jan 1, 2025, 9:00 AM to Jan 3, 2025, 6:30 PM, 2 readings.');

    const bars = w.findAllComponents(BarChart);
    expect(bars.map((b) => [b.props('title'), b.props('entries')])).toEqual([
      ['Top countries', [['United States', 12], ['Germany', 5], ['', 2]]],
      ['Top referrers', [['news.example', 4], ['t.co', 2]]],
    ]);
    expect(w.findAllComponents(DoughnutChart).map((d) => d.props('entries'))).toEqual([
      [['Chrome', 10], ['Firefox', 6], ['Safari', 3]],
      [['Windows', 9], ['iOS', 7], ['Linux', 3]],
    ]);
  });

  it('shows whichever social networks the deployment sends (6.x samples: google; 7.x: instagram; this service: all five)', async () => {
    const shapes: [Record<string, number>, string][] = [
      [{ facebook: 1, twitter: 0, google: 2 }, 'Social networks: Google 2, Facebook 1, X (Twitter) 0.'],
      [{ facebook: 0, twitter: 1, instagram: 3, linkedin: 0 }, 'Social networks: Instagram 3, X (Twitter) 1, Facebook 0, LinkedIn 0.'],
      [{ facebook: 0, twitter: 0, google: 0, instagram: 1, linkedin: 2 }, 'Social networks: LinkedIn 2, Instagram 1, Facebook 0, Google 0, X (Twitter) 0.'],
    ];
    for (const [socialCount, label] of shapes) {
      const base = details();
      const w = await open(answer({ details: { ...base, stats: { ...base.stats, socialCount } } }));
      expect(w.get('[data-testid="link-detail-social"]').attributes('aria-label')).toBe(label);
      w.unmount();
      wrapper = undefined;
    }
  });

  it('says statistics were not fetched yet when the link was never read in detail', async () => {
    const w = await open(answer({ details: null, fetchedAt: null, snapshots: [] }));
    expect(w.get('[data-testid="link-detail-clicks"]').text()).toBe('3');
    expect(w.get('[data-testid="link-detail-unique"]').text()).toBe('—');
    expect(w.get('[data-testid="link-stats-not-fetched"]').text()).toContain('not fetched yet');
    expect(w.findAllComponents(BarChart)).toHaveLength(0);
    expect(w.get('[data-testid="link-detail-period"]').text()).toMatch(/^No readings yet/);
    expect(w.get('[data-testid="link-detail-status"]').text()).toBe('Not fetched yet');
    expect(w.get('[data-testid="link-detail-pixels"]').text()).toBe('Not fetched yet');
    expect(w.get('[data-testid="link-detail-targeting-unknown"]').text()).toBe('Not fetched yet.');
  });
});

describe('LinkDetail clicks before the move', () => {
  it('says how many clicks an imported link had at its old service, and only for such a link', async () => {
    const w = await open(answer({ origins: [{ source: 'Bitly export', service: 'Bitly', clicks: 1234, created: null, tags: [], importedAt: new Date(2026, 10, 2).getTime() }] }));
    expect(w.get('[data-testid="link-detail-former-clicks"]').text()).toMatch(/1,234 clicks before the move, as the Bitly export counted them \(imported Nov 2, 2026\)/);
    w.unmount();
    wrapper = await open(answer({}));
    expect(wrapper.find('[data-testid="link-detail-former-clicks"]').exists()).toBe(false);
  });

  it('shows each source’s entry: its created date there and the tags after the first', async () => {
    const importedAt = new Date(2026, 10, 2).getTime();
    const w = await open(
      answer({
        origins: [
          { source: 'Bitly export', service: 'Bitly', clicks: 1234, created: Date.UTC(2023, 3, 2, 9), tags: ['q2', 'promo'], importedAt },
          { source: 'YOURLS links', service: 'YOURLS', clicks: 7, created: null, tags: [], importedAt },
        ],
      }),
    );
    const lines = w.findAll('[data-testid="link-detail-former-clicks"]').map((n) => n.text());
    expect(lines).toEqual([
      '1,234 clicks before the move, as the Bitly export counted them; created on Bitly Apr 2, 2023; its other tags there: q2 and promo (imported Nov 2, 2026).',
      '7 clicks before the move, as the YOURLS links counted them (imported Nov 2, 2026).',
    ]);
    w.unmount();
  });
});

describe('LinkDetail refresh', () => {
  it('shows what a refresh costs and reads the link again with force', async () => {
    const w = await open(answer({}));
    const button = w.get('[data-testid="link-detail-refresh"]');
    expect(button.text()).toBe('Refresh · uses 1 of 28 requests left');

    fake.answer('links:get', ok(answer({ details: details({ stats: { ...details().stats, clicks: 25 } }) })));
    fake.emit('budget:changed', budget(27));
    await button.trigger('click');
    await flushPromises();

    expect(fake.callsTo('links:get')).toEqual([{ id: 5 }, { id: 5, force: true }]);
    expect(w.get('[data-testid="link-detail-clicks"]').text()).toBe('25');
    expect(w.get('[data-testid="link-detail-refresh"]').text()).toBe('Refresh · uses 1 of 27 requests left');
  });

  it('words the cost for no limit, a pause, an empty budget and offline', () => {
    const now = 1_000_000;
    expect(refreshCostText(budget(1), now, true)).toBe('Refresh · uses 1 of 1 request left');
    expect(refreshCostText(budget(0), now, true)).toBe('Refresh · uses 1 request, sent when the rate limit allows (0 of 30 left)');
    expect(refreshCostText(budget(1e6, 1e6), now, true)).toBe('Refresh · uses 1 request (no rate limit)');
    expect(refreshCostText({ ...budget(5), pausedUntil: now + 42_000 }, now, true)).toBe('Refresh · uses 1 request, after the rate-limit pause (42 s)');
    expect(refreshCostText(budget(5), now, false)).toBe('Refresh · offline: the service cannot be reached');
    expect(refreshCostText(null, now, true)).toBe('Refresh · uses 1 request');
  });
});

describe('LinkDetail fields', () => {
  it('shows every field from the details, with names for pixels and channels', async () => {
    const w = await open(answer({}));
    const text = (id: string) => w.get(`[data-testid="${id}"]`).text();
    expect(text('link-detail-short')).toBe('http://s/spring');
    expect(text('link-detail-long')).toBe('https://example.com/spring');
    expect(text('link-detail-status')).toBe('Private (only you see its statistics)');
    expect(text('link-detail-password')).toBe('Yes: visitors must enter it');
    expect(text('link-detail-redirect')).toBe('Frame (the page shown under a bar)');
    expect(text('link-detail-channel')).toBe('Newsletter');
    expect(text('link-detail-campaign')).toBe('None');
    expect(text('link-detail-pixels')).toBe('Tag manager and #9 (not synced yet)');
    expect(text('link-detail-meta-title')).toBe('Spring sale');
    // A remote image would be blocked by the page's policy: its address is shown as text.
    expect(w.find('[data-testid="link-detail-meta-image"] img').exists()).toBe(false);
    expect(text('link-detail-meta-image')).toBe('https://cdn.example.com/a.png');
    expect(w.get('[data-testid="link-detail-geo"]').text()).toMatch(/Canada\s*https:\/\/example\.com\/ca\s*Germany/);
    expect(w.get('[data-testid="link-detail-device"]').text()).toContain('Iphone');
    expect(w.find('[data-testid="link-detail-language-none"]').exists()).toBe(true);
    expect(text('link-detail-deep-links')).toContain('https://apps.apple.com/app/id1');
    expect(w.get('[data-testid="link-detail-parameters"]').text()).toContain('utm_source');
    expect(w.get('[data-testid="link-detail-expiry"]').attributes('data-state')).toBe('active');
  });

  it('previews a data: meta image and badges an expiring link', async () => {
    const soon = new Date(Date.now() + 2 * DAY);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expiry = `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())} ${pad(soon.getHours())}:${pad(soon.getMinutes())}:00`;
    const w = await open(answer({ details: details({ metaImage: 'data:image/png;base64,iVBORw0KGgo=', expiry }) }));
    expect(w.get('[data-testid="link-detail-meta-image"] img').attributes('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(w.get('[data-testid="badge-expiring"]').text()).toBe('Expiring within 7 days');
    expect(expiryState('2000-01-01 00:00:00', Date.now())).toBe('expired');
    expect(expiryState(null, Date.now())).toBe('never');
  });

  it('copies the short URL with a message and opens it through app:open-external', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fake.answer('app:open-external', ok(undefined));
    const w = await open(answer({}));

    await w.get('[data-testid="link-detail-copy"]').trigger('click');
    await flushPromises();
    expect(writeText).toHaveBeenCalledWith('http://s/spring');
    expect(w.get('[data-testid="link-detail-copy-note"]').text()).toBe('Copied to the clipboard.');

    await w.get('[data-testid="link-detail-open"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('app:open-external')).toEqual([{ url: 'http://s/spring' }]);
  });

  it('states the period of a single snapshot', () => {
    expect(snapshotPeriod([{ at: new Date(2025, 4, 2, 8, 5).getTime() }])).toBe('On May 2, 2025, 8:05 AM, 1 reading.');
  });
});
