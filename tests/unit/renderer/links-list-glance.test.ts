// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import type { Router } from 'vue-router';
import LinkRows from '../../../renderer/src/components/links-list/LinkRows.vue';
import { RowPlaces, rowSlots } from '../../../renderer/src/components/links-list/row-memo.js';
import { shortUrlParts } from '../../../renderer/src/components/links-list/short-url.js';
import type { MirrorLink, MirrorLinkQuery } from '../../../electron/shared/models.js';
import { nextNavigation, untilElement } from './dom-signals.js';
import { mirrorLink, ok, type FakeBridge } from './fake-bridge.js';
import { answerNoGroups, closeApp, mountApp, startApp } from './app-shell.js';
import { linkRowsProps } from './link-rows-props.js';

/*
 * The links list at a glance: the short link's alias whole beside a small host, the title and
 * the destination once, headers that sort the mirror query and say the order, and empty states
 * that offer the next step.
 */

let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  ({ fake, pinia, router } = startApp());
  answerNoGroups(fake);
});

afterEach(() => {
  closeApp(wrapper);
  wrapper = undefined;
});

/** One row of the list, drawn as the list draws it. */
function row(link: MirrorLink) {
  return mount(LinkRows, { props: linkRowsProps(rowSlots([{ index: 0, start: 0 }], () => link, new RowPlaces()), 48) });
}

async function mountLinks() {
  wrapper = await mountApp({ pinia, router }, '/links');
  await flushPromises();
  await flushPromises();
  return wrapper;
}

describe('Links list: the short link', () => {
  it('splits a short URL into its host (with port and any path) and its alias, without the scheme', () => {
    expect(shortUrlParts('http://127.0.0.1:5123/spring-sale')).toEqual({ host: '127.0.0.1:5123/', hostname: '127.0.0.1', port: ':5123/', alias: 'spring-sale' });
    expect(shortUrlParts('https://go.brand.test/x/summer')).toEqual({ host: 'go.brand.test/x/', hostname: 'go.brand.test', port: '/x/', alias: 'summer' });
    expect(shortUrlParts('https://go.brand.test/summer/')).toEqual({ host: 'go.brand.test/', hostname: 'go.brand.test', port: '/', alias: 'summer' });
    expect(shortUrlParts('go.brand.test')).toEqual({ host: '', hostname: '', port: '', alias: 'go.brand.test' });
  });

  it('shows the host small and apart, and the alias whole in its own element that the host cannot squeeze', () => {
    const w = row(mirrorLink({ shortUrl: 'http://127.0.0.1:51234/a-rather-long-alias-2026', alias: 'a-rather-long-alias-2026' }));
    const cell = w.get('[data-testid="link-row-short"]');
    // The host may be cut; the port (what tells two local services apart) never is (issue 37).
    expect(cell.get('.link-row__host').text()).toBe('127.0.0.1');
    expect(cell.get('.link-row__port').text()).toBe(':51234/');
    expect(cell.get('[data-testid="link-row-alias"]').text()).toBe('a-rather-long-alias-2026');
    // The whole short URL stays reachable in the tooltip.
    expect(cell.attributes('title')).toBe('http://127.0.0.1:51234/a-rather-long-alias-2026');
    // Only the host may shrink: the alias is `flex: 0 0 auto`, the host `0 1 auto` (this DOM has no
    // layout: the e2e sort test measures the alias on screen).
    const css = readFileSync(join(process.cwd(), 'renderer/src/components/links-list/LinkRows.vue'), 'utf8');
    expect(css).toMatch(/\.link-row__host \{[^}]*flex: 0 1 auto/);
    expect(css).toMatch(/\.link-row__alias \{[^}]*flex: 0 0 auto/);
    w.unmount();
  });

  it('says a link not yet created has no short link', () => {
    const w = row(mirrorLink({ shortUrl: '', alias: '' }));
    expect(w.get('[data-testid="link-row-short"]').text()).toBe('Not yet created');
    expect(w.find('.link-row__host').exists()).toBe(false);
    w.unmount();
  });
});

describe('Links list: title and destination', () => {
  const longUrl = 'https://example.com/spring/sale?utm_source=mail';

  it('shows the page title and the destination once', () => {
    const w = row(mirrorLink({ title: 'Spring sale', longUrl }));
    expect(w.get('[data-testid="link-row-title"]').text()).toBe('Spring sale');
    expect(w.get('[data-testid="link-row-long"]').text()).toBe(longUrl);
    expect(w.text().split(longUrl)).toHaveLength(2);
    w.unmount();
  });

  it('shows only the destination when no title is known, or when the title is the URL itself', () => {
    for (const title of ['', longUrl, 'example.com/spring/sale?utm_source=mail']) {
      const w = row(mirrorLink({ title, longUrl }));
      expect(w.find('[data-testid="link-row-title"]').exists(), `title ${JSON.stringify(title)}`).toBe(false);
      expect(w.get('[data-testid="link-row-long"]').text()).toBe(longUrl);
      expect(w.text().split(longUrl)).toHaveLength(2);
      w.unmount();
    }
  });
});

describe('Links list: column headers', () => {
  it('sort the mirror query on click, turn the order round on a second click, and say the order', async () => {
    fake.answer('links:list', (arg: unknown) => {
      const { offset = 0, limit = 50 } = arg as MirrorLinkQuery;
      return ok({ items: offset === 0 ? [mirrorLink({ id: 1 }), mirrorLink({ id: 2, alias: 'b', shortUrl: 'http://s/b' })] : [], total: 2, offset, limit, unknown: 0, source: 'mirror', syncedAt: Date.now() });
    });
    await mountLinks();
    const header = (id: string) => document.querySelector<HTMLElement>(`[data-testid="links-header-${id}"]`)!;
    const sorted = () => ['short', 'destination', 'clicks', 'created', 'state'].map((id) => [id, header(id).getAttribute('aria-sort')]).filter(([, v]) => v !== null);
    const called = (query: MirrorLinkQuery) => fake.called('links:list', (arg) => isDeepStrictEqual({ ...(arg as object), offset: 0, limit: 0 }, { ...query, offset: 0, limit: 0 }));

    // The default order (newest first) is said on the Created header.
    expect(sorted()).toEqual([['created', 'descending']]);
    expect(header('created').querySelector('[aria-hidden="true"]')?.textContent).toBe('↓');
    // The headers are in a grid with the rows, as column headers of one header row.
    expect(header('short').closest('[role="row"]')?.closest('[role="grid"]')).toBe(document.querySelector('[data-testid="links-rows"]')?.closest('[role="grid"]'));

    const click = async (id: string) => {
      (header(id).querySelector('button') as HTMLButtonElement).click();
      await flushPromises();
    };
    const cases: Array<[string, MirrorLinkQuery, string, string]> = [
      ['short', { sort: 'alias', direction: 'asc' }, 'ascending', '↑'],
      ['short', { sort: 'alias', direction: 'desc' }, 'descending', '↓'],
      ['destination', { sort: 'url', direction: 'asc' }, 'ascending', '↑'],
      ['clicks', { sort: 'clicks', direction: 'desc' }, 'descending', '↓'],
      ['state', { sort: 'state', direction: 'desc' }, 'descending', '↓'],
      ['created', { sort: 'date', direction: 'desc' }, 'descending', '↓'],
      ['created', { sort: 'date', direction: 'asc' }, 'ascending', '↑'],
    ];
    for (const [id, query, said, arrow] of cases) {
      const asked = called(query);
      await click(id);
      await asked;
      expect(sorted(), `${id} → ${query.sort} ${query.direction}`).toEqual([[id, said]]);
      expect(header(id).querySelector('[aria-hidden="true"]')?.textContent).toBe(arrow);
      expect(header(id).querySelector('button')?.dataset['direction']).toBe(query.direction);
    }
    // A header that does not sort is a plain label, and the unsorted ones show that they can.
    expect(header('channel').querySelector('button')).toBeNull();
    expect(header('short').querySelector('[aria-hidden="true"]')?.textContent).toBe('↕');
  });
});

describe('Links list: empty states', () => {
  const emptyPage = (syncedAt: number | null) => ok({ items: [], total: 0, offset: 0, limit: 200, unknown: 0, source: 'mirror', syncedAt });

  it('offers to shorten the first link (the new-link form) and to import links (Bulk shorten) when the mirror has none', async () => {
    fake.answer('links:list', emptyPage(Date.now()));
    await mountLinks();
    expect(document.querySelector('[data-testid="resource-empty"]')?.textContent?.trim()).toBe('No short links yet.');
    const create = document.querySelector<HTMLButtonElement>('[data-testid="links-empty-create"]')!;
    expect(create.textContent?.trim()).toBe('Shorten your first link');
    create.click();
    await untilElement('[data-testid="new-link-form"]');

    const importButton = document.querySelector<HTMLButtonElement>('[data-testid="links-empty-import"]')!;
    expect(importButton.textContent?.trim()).toBe('Import links…');
    const navigated = nextNavigation(router);
    importButton.click();
    expect((await navigated).to.path).toBe('/bulk');
  });

  it('offers to clear the filters when nothing matches them, and no action while the first sync runs', async () => {
    fake.answer('links:facets', ok({ source: 'mirror', syncedAt: Date.now() }));
    fake.answer('links:list', emptyPage(null));
    await mountLinks();
    expect(document.querySelector('[data-testid="resource-empty"]')?.textContent?.trim()).toBe('Copying your links to this computer…');
    expect(document.querySelector('[data-testid="links-empty-actions"]')).toBeNull();

    fake.answer('links:list', emptyPage(Date.now()));
    const { useLinksWorkspaceStore } = await import('../../../renderer/src/stores/links-workspace.js');
    const store = useLinksWorkspaceStore();
    await store.setFilter('status', 'private');
    await flushPromises();
    expect(document.querySelector('[data-testid="resource-empty"]')?.textContent?.trim()).toBe('No links match this search and these filters.');
    expect(document.querySelector('[data-testid="links-empty-create"]')).toBeNull();
    const clear = document.querySelector<HTMLButtonElement>('[data-testid="links-empty-clear-filters"]')!;
    const cleared = fake.called('links:list', (arg) => (arg as MirrorLinkQuery).filters === undefined);
    clear.click();
    await cleared;
    expect(store.activeFilterCount).toBe(0);
  });
});

describe('Section views: empty states', () => {
  const none = ok({ items: [], source: 'mirror', syncedAt: Date.now() });

  it('offer the first create as a button that opens its form, and nothing where Linkdeck cannot create', async () => {
    fake.answer('pixels:list', none);
    fake.answer('domains:list', none);
    fake.answer('overlays:list', none);
    fake.answer('splash:list', none);
    wrapper = await mountApp({ pinia, router }, '/links');
    await flushPromises();
    const cases: Array<[string, string, string]> = [
      ['/channels', 'Create your first channel', 'channel-form'],
      ['/campaigns', 'Create your first campaign', 'campaign-form'],
      ['/pixels', 'Add your first pixel', 'pixel-form'],
      ['/domains', 'Add your first domain', 'domain-form'],
    ];
    for (const [path, words, form] of cases) {
      await router.push(path);
      const button = await untilElement<HTMLButtonElement>('[data-testid="resource-empty"] [data-testid="empty-action"]');
      expect(button.textContent?.trim(), path).toBe(words);
      button.click();
      await untilElement(`[data-testid="${form}"]`);
    }
    // Overlays and splash pages are only listed: their empty state promises no action.
    await router.push('/overlays');
    await untilElement('[data-testid="resource-empty"]');
    expect(document.querySelector('[data-testid="empty-action"]')).toBeNull();
  });
});
