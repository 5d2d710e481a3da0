// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import LinkHealthSection from '../../../renderer/src/components/health/LinkHealthSection.vue';
import HealthCheckControl from '../../../renderer/src/components/health/HealthCheckControl.vue';
import { durationText, healthHeadline, jobText } from '../../../renderer/src/components/health/health-text.js';
import { chartFileName } from '../../../renderer/src/components/charts/chart-file.js';
import { filterOptions } from '../../../renderer/src/components/links-list/filter-options.js';
import { linkBadges } from '../../../renderer/src/components/links-list/link-badges.js';
import { useExportsStore } from '../../../renderer/src/stores/exports.js';
import { useLinkHealthStore } from '../../../renderer/src/stores/link-health.js';
import { useLinksWorkspaceStore } from '../../../renderer/src/stores/links-workspace.js';
import type { HealthJob, LinkHealth } from '../../../electron/shared/health.js';
import type { LinkFacets, MirrorLink } from '../../../electron/shared/models.js';
import { fail, installFakeBridge, mirrorLink, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

const link = (over: Partial<MirrorLink> = {}): MirrorLink =>
  mirrorLink({ id: 5, alias: 'spring', shortUrl: 'http://s/spring', longUrl: 'https://example.com/spring', clicks: 3, title: 'Spring', status: 'private', ...over });

const job = (over: Partial<HealthJob> = {}): HealthJob => ({ id: 'j1', status: 'running', total: 10, checked: 0, broken: 0, notChecked: 0, startedAt: 1, finishedAt: null, ...over });

const broken: LinkHealth = {
  linkId: 5,
  checkedAt: Date.now() - 120_000,
  state: 'broken',
  status: 404,
  chain: [
    { url: 'https://example.com/spring', status: 301 },
    { url: 'https://example.com/spring/', status: 404 },
  ],
  timeMs: 340,
  problem: '404 Not Found',
};

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
  fake.answer('health:status', ok(null));
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.restoreAllMocks();
});

describe('health in the list', () => {
  it('puts a Broken badge first on a link whose target failed, none on a working or unchecked one', () => {
    expect(linkBadges(link({ health: 'broken' }), Date.now()).map((b) => b.kind)).toEqual(['broken', 'private']);
    expect(linkBadges(link({ health: 'ok' }), Date.now()).map((b) => b.kind)).toEqual(['private']);
    expect(linkBadges(link({ health: null }), Date.now()).map((b) => b.kind)).toEqual(['private']);
  });

  it('offers the health filter with the facet counts', () => {
    const facets = { health: { values: [{ value: 'broken', count: 3 }, { value: 'ok', count: 1200 }, { value: 'unchecked', count: 7 }], unknown: 0 } } as unknown as LinkFacets;
    const names = { channel: () => undefined, campaign: () => undefined };
    expect(filterOptions('health', facets, names).map((o) => [o.label, o.value])).toEqual([
      ['Broken (3)', 'broken'],
      [`Working (${(1200).toLocaleString()})`, 'ok'],
      ['Not checked (7)', 'unchecked'],
    ]);
    // An older backend without the facet: the choices without counts.
    expect(filterOptions('health', null, names).map((o) => o.label)).toEqual(['Broken', 'Working', 'Not checked']);
  });

  it('says in words how a job and a check went', () => {
    expect(jobText(job({ checked: 3, broken: 1 }))).toBe('Checking 3 of 10 links · 1 broken');
    expect(jobText(job({ status: 'done', checked: 10 }))).toBe('Checked 10 links · none broken');
    expect(jobText(job({ status: 'cancelled', checked: 4, broken: 2 }))).toBe('Check cancelled after 4 of 10 links · 2 broken');
    expect(healthHeadline(broken)).toBe('Broken: 404 Not Found');
    expect(healthHeadline({ ...broken, state: 'ok', status: 200, problem: null })).toBe('Working: answers 200 after 1 redirect');
    expect(durationText(340)).toBe('340 ms');
    expect(durationText(1_250)).toBe('1.3 s');
  });
});

describe('the "Check links" control', () => {
  it('checks all links, shows the pushed progress, and cancels', async () => {
    fake.answer('health:check', ok(job()));
    fake.answer('health:cancel', ok(job({ status: 'cancelled', checked: 2 })));
    wrapper = mount(HealthCheckControl, { attachTo: document.body });
    await flushPromises();
    const health = useLinkHealthStore();
    await health.check();
    expect(fake.callsTo('health:check')).toEqual([{}]);
    fake.emit('health:progress', { ...job({ checked: 4, broken: 1 }), profileId: 'p-local' });
    await flushPromises();
    const progress = wrapper.get('[data-testid="health-progress"]');
    expect(progress.text()).toBe('Checking 4 of 10 links · 1 broken');
    expect(progress.attributes('data-status')).toBe('running');
    await wrapper.get('[data-testid="health-cancel"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('health:cancel')).toHaveLength(1);
    expect(wrapper.get('[data-testid="health-progress"]').text()).toBe('Check cancelled after 2 of 10 links · none broken');
    expect(wrapper.find('[data-testid="health-cancel"]').exists()).toBe(false);
  });

  it('says why a check could not start', async () => {
    fake.answer('health:check', fail('invalid-input', 'There are no links to check yet.'));
    wrapper = mount(HealthCheckControl, { attachTo: document.body });
    await useLinkHealthStore()
      .check()
      .catch(() => {});
    await flushPromises();
    expect(wrapper.get('[data-testid="health-error"]').text()).toContain('There are no links to check yet.');
  });
});

describe('the link detail’s health section', () => {
  it('shows the last check with its redirect chain, and checks again, reading the result when the job ends', async () => {
    let current: LinkHealth | null = broken;
    fake.answer('health:get', () => ok(current));
    fake.answer('health:check', ok(job({ total: 1 })));
    wrapper = mount(LinkHealthSection, { props: { linkId: 5, longUrl: 'https://example.com/spring' }, attachTo: document.body });
    await flushPromises();
    expect(fake.callsTo('health:get')).toEqual([{ id: 5 }]);
    expect(wrapper.get('[data-testid="link-health"]').attributes('data-state')).toBe('broken');
    expect(wrapper.get('[data-testid="link-health-summary"]').text()).toBe('Broken: 404 Not Found');
    expect(wrapper.findAll('[data-testid="link-health-hop"]').map((h) => h.text())).toEqual(['301 https://example.com/spring', '404 https://example.com/spring/']);
    expect(wrapper.get('[data-testid="link-health-meta"]').text()).toMatch(/^Checked 2 minutes ago .* took 340 ms$/);

    await wrapper.get('[data-testid="link-health-check"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('health:check')).toEqual([{ ids: [5] }]);
    current = { ...broken, state: 'ok', status: 200, chain: [{ url: 'https://example.com/spring', status: 200 }], problem: null, checkedAt: Date.now() };
    fake.emit('health:progress', { ...job({ total: 1, checked: 1, status: 'done', finishedAt: 2 }), profileId: 'p-local' });
    await flushPromises();
    expect(fake.callsTo('health:get')).toHaveLength(2);
    expect(wrapper.get('[data-testid="link-health-summary"]').text()).toBe('Working: answers 200');
  });

  it('invites a first check when the link was never checked', async () => {
    fake.answer('health:get', ok(null));
    wrapper = mount(LinkHealthSection, { props: { linkId: 7, longUrl: 'https://example.com/x' }, attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[data-testid="link-health"]').attributes('data-state')).toBe('unchecked');
    expect(wrapper.get('[data-testid="link-health-check"]').text()).toBe('Check now');
  });
});

describe('exports', () => {
  it('exports the list’s search and filters (without the window) and saves the file through a download link', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:export';
    });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    fake.answer('export:links', ok({ filename: 'linkdeck-links-2025-01-01-1200.csv', mime: 'text/csv', content: '\uFEFFid,title\r\n1,Café\r\n' }));
    const workspace = useLinksWorkspaceStore();
    workspace.q = 'spring';
    const store = useExportsStore();
    await store.exportLinks('csv', { q: 'spring', filters: { health: 'broken' }, offset: 200, limit: 50 });
    expect(fake.callsTo('export:links')).toEqual([{ format: 'csv', query: { q: 'spring', filters: { health: 'broken' } } }]);
    expect(clicked).toEqual([{ href: 'blob:export', download: 'linkdeck-links-2025-01-01-1200.csv' }]);
    expect(created[0]!.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await created[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(store.lastSaved).toBe('linkdeck-links-2025-01-01-1200.csv');
  });

  it('keeps the reason when an export fails, for the place that asked', async () => {
    fake.answer('export:stats', fail('not-found', 'This link is not in the mirror any more.'));
    const store = useExportsStore();
    await store.exportStats(9);
    expect(store.failed).toBe('stats');
    expect((store.error as Error).message).toBe('This link is not in the mirror any more.');
  });

  it('names chart images after the link and the chart', () => {
    expect(chartFileName('summer-sale', 'Top countries')).toBe('linkdeck-summer-sale-top-countries.png');
    expect(chartFileName(undefined, 'Clicks over time')).toBe('linkdeck-clicks-over-time.png');
  });
});
