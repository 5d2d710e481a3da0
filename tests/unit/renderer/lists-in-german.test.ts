// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { ClickTimeline } from '../../../electron/shared/analytics.js';
import LinkDetailFields from '../../../renderer/src/components/link-detail/LinkDetailFields.vue';
import LinkDetailStats from '../../../renderer/src/components/link-detail/LinkDetailStats.vue';
import QrDesigner from '../../../renderer/src/components/qr/QrDesigner.vue';
import WorldMapChart from '../../../renderer/src/components/charts/WorldMapChart.vue';
import { countSummary } from '../../../renderer/src/components/charts/count-summary.js';
import { totalSummary } from '../../../renderer/src/components/charts/timeline-data.js';
import { linksUsingText } from '../../../renderer/src/components/domains/domain-form.js';
import { originText } from '../../../renderer/src/composables/origin-text.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { mirrorLink } from './fake-bridge.js';

/*
 * Lists in the person's words (issue 44): names joined with „und“ and measures with the locale's
 * unit list ("A 1, B 2 und C 3"), never an English ", " glued into a German sentence.
 */

const ui = mountInLanguage('de');
const rawKey = /\b(linkDetail|charts|qr|domains)\.[a-z]/;

describe('lists in German', () => {
  it('names a link’s pixels with „und“', () => {
    const names = { channels: new Map(), campaigns: new Map(), pixels: new Map([[2, 'Tag Manager'], [3, 'Meta']]) };
    const details = { pixels: [2, 3, 9] } as never;
    const w = ui.mount(LinkDetailFields, { props: { link: mirrorLink(), details, names, now: Date.now() } });
    const text = w.get('[data-testid="link-detail-pixels"]').text();
    expect(text).toMatch(/^Tag Manager, Meta und #9 \(.+\)$/);
    expect(text).not.toMatch(/ and |\(not synced/);
  });

  it('counts the social networks as a German list of measures', () => {
    const stats = { clicks: 3, uniqueClicks: 3, topCountries: {}, topReferrers: {}, topBrowsers: {}, topOs: {}, socialCount: { facebook: 1, twitter: 2, linkedin: 0 } };
    const w = ui.mount(LinkDetailStats, { props: { stats, listClicks: 3, snapshots: [] } });
    const label = w.get('[data-testid="link-detail-social"]').attributes('aria-label') ?? '';
    expect(label).toMatch(/^Soziale Netzwerke: .+ 2, .+ 1 und LinkedIn 0\.$/);
    expect(label).not.toMatch(rawKey);
  });

  it('names the first five QR codes left out and „N weitere“ with a real plural', async () => {
    const item = { text: 'https://example.com/menu', name: 'menu', caption: null };
    const seven = ui.mount(QrDesigner, { props: { items: [item], skipped: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] } });
    await flushPromises();
    expect(seven.get('[data-testid="qr-designer-skipped"]').text()).toContain('Ausgelassen (7): A, B, C, D, E und 2 weitere.');
    const two = ui.mount(QrDesigner, { props: { items: [item], skipped: ['Poster', 'Flyer'] } });
    expect(two.get('[data-testid="qr-designer-skipped"]').text()).toContain('Ausgelassen (2): Poster und Flyer.');
    expect(seven.text()).not.toMatch(/…|qr\.design/);
  });

  it('names the links using a domain with „und“ and „weitere“', () => {
    expect(linksUsingText(['a', 'b', 'c', 'd', 'e'], 12)).toBe('12 Links verwenden diese Domain: „a“, „b“, „c“, „d“, „e“ und 7 weitere.');
    expect(linksUsingText(['a', 'b'], 2)).toBe('2 Links verwenden diese Domain: „a“ und „b“.');
    expect(linksUsingText(['a'], 1)).toBe('1 Link verwendet diese Domain: „a“.');
  });

  it('says chart counts as a German list of measures, with German digits', () => {
    expect(countSummary('Klicks nach Land', [['Vereinigte Staaten', 1200], ['Deutschland', 5], ['Frankreich', 3]])).toBe('Klicks nach Land: Vereinigte Staaten 1.200, Deutschland 5 und Frankreich 3.');
    const day = (d: number) => new Date(2026, 2, d).getTime();
    const timeline = (gained: number): ClickTimeline => ({ step: 'day', from: day(2), to: day(4), buckets: [{ start: day(2), total: gained, gained }], source: 'service', watchedSince: null });
    const three = [{ label: 'a', timeline: timeline(6) }, { label: 'b', timeline: timeline(1) }, { label: 'c', timeline: timeline(1200) }];
    expect(totalSummary(three)).toMatch(/^Hinzugekommene Klicks, .+: a 6, b 1 und c 1\.200\.$/);
    // CLDR's German unit list joins two measures with a comma ("a 6, b 1"), three with „und“ last.
    expect(totalSummary(three.slice(0, 2))).toMatch(/: a 6, b 1\.$/);
  });

  it('lists the countries the map cannot show as German measures', () => {
    const w = ui.mount(WorldMapChart, { props: { title: 'Klicks nach Land', entries: [['Atlantis', 2], ['Lemuria', 1], ['Thule', 1000]] } });
    expect(w.get('.world-map__note').text()).toBe('Nicht auf der Karte: Atlantis 2, Lemuria 1 und Thule 1.000.');
  });

  it('joins an import’s old tags with „und“', () => {
    const origin = { source: 'Bitly-Export', service: 'Bitly', clicks: null, created: null, tags: ['q2', 'promo', 'sale'], importedAt: new Date(2026, 10, 2).getTime() } as never;
    expect(originText(origin)).toBe('Seine anderen Tags dort: q2, promo und sale (importiert am 02.11.2026).');
  });
});
