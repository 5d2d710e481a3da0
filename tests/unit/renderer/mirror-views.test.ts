// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import type { Router } from 'vue-router';
import type { MirrorLink, OutboxItem } from '../../../electron/shared/models.js';
import { untilDom } from './dom-signals.js';
import { mirrorLink, localProfile, ok, type FakeBridge } from './fake-bridge.js';
import { closeApp, mountApp, startApp } from './app-shell.js';

let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

const MIN = 60_000;

const link = (over: Partial<MirrorLink> = {}): MirrorLink => mirrorLink({ clicks: 3, title: 'Example', ...over });
const linkPage = (items: MirrorLink[], syncedAt: number | null = Date.now()) => ok({ items, total: items.length, offset: 0, limit: 100, unknown: 0, source: 'mirror', syncedAt });

function outboxItem(over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    opId: 'op-1',
    seq: 1,
    mutation: { kind: 'link.create', input: { url: 'https://example.com/x' } },
    state: 'queued',
    summary: 'Create a short link to https://example.com/x',
    provisionalId: -1,
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    blockedBy: null,
    createdAt: 0,
    ...over,
  };
}

beforeEach(async () => {
  ({ fake, pinia, router } = startApp());
});

afterEach(() => {
  closeApp(wrapper);
  wrapper = undefined;
});

async function mountAt(path: string) {
  wrapper = await mountApp({ pinia, router }, path);
  await flushPromises();
  return wrapper;
}

const byTestId = (testId: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`));

describe('Links view on the mirror', () => {
  it('marks rows the outbox has not confirmed: pending with their kind, failed with the service’s message', async () => {
    fake.answer(
      'links:list',
      linkPage([
        link({ id: -1, shortUrl: '', longUrl: 'https://example.com/new', pending: 'create', provisional: true, opId: 'op-1' }),
        link({ id: 2, pending: 'update', opId: 'op-2' }),
        link({ id: 3, failed: 'That alias is already taken. Choose another one.', opId: 'op-3' }),
        link({ id: 4 }),
      ]),
    );

    await mountAt('/links');

    const pending = byTestId('mark-pending');
    expect(pending.map((p) => [p.getAttribute('data-kind'), p.textContent?.trim()])).toEqual([
      ['create', 'Pending create'],
      ['update', 'Pending update'],
    ]);
    const failed = byTestId('mark-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.textContent?.trim()).toBe('Failed');
    expect(failed[0]?.getAttribute('title')).toBe('That alias is already taken. Choose another one.');
  });

  it('says where the list comes from and how fresh it is, and adds "offline" when the connection drops', async () => {
    fake.answer('links:list', linkPage([link()], Date.now() - 12 * MIN));

    const w = await mountAt('/links');

    expect(w.get('[data-testid="freshness"]').text()).toBe('Copy on this computer · synced 12 minutes ago');
    fake.emit('connection:changed', { profileId: localProfile.id, online: false, reason: 'Connection refused.' });
    await flushPromises();
    expect(w.get('[data-testid="freshness"]').text()).toBe('Copy on this computer · synced 12 minutes ago · offline');
  });

  it('asks the sync to refresh the view it opens, and reads the mirror again when its topic changes', async () => {
    fake.answer('links:list', linkPage([]));
    const w = await mountAt('/links');
    expect(fake.callsTo('sync:refresh')).toEqual([{ view: { kind: 'links', sort: 'date' } }]);

    fake.answer('links:list', linkPage([link({ id: 9, shortUrl: 'http://s/new-one' })]));
    fake.emit('mirror:changed', { profileId: localProfile.id, topics: ['channels'] });
    await flushPromises();
    expect(fake.callsTo('links:list')).toHaveLength(1);

    fake.emit('mirror:changed', { profileId: localProfile.id, topics: ['outbox', 'links'] });
    await flushPromises();
    expect(fake.callsTo('links:list')).toHaveLength(2);
    expect(w.get('[data-testid="resource-links"]').text()).toContain('s/new-one');
  });

  it('refuses a new link without a valid URL, then queues it and shows its short URL once sent', async () => {
    fake.answer('links:list', linkPage([]));
    const w = await mountAt('/links');
    await w.get('[data-testid="new-link"]').trigger('click');

    await w.get('[data-testid="new-link-url"]').setValue('example');
    await w.get('[data-testid="new-link-alias"]').setValue('spring sale');
    await w.get('[data-testid="new-link-form"]').trigger('submit');
    expect(w.get('[data-testid="new-link-url-error"]').text()).toContain('https://');
    expect(w.get('[data-testid="new-link-alias-error"]').text()).toContain('letters, digits');
    expect(fake.callsTo('links:create')).toEqual([]);

    fake.answer('links:create', ok(outboxItem({ opId: 'op-7' })));
    fake.answer('outbox:wait', ok({ opId: 'op-7', id: 42, shortUrl: 'http://s/spring-sale' }));
    await w.get('[data-testid="new-link-url"]').setValue('https://example.com/spring');
    await w.get('[data-testid="new-link-alias"]').setValue('spring-sale');
    await w.get('[data-testid="new-link-form"]').trigger('submit');
    await flushPromises();

    expect(fake.callsTo('links:create')).toEqual([{ url: 'https://example.com/spring', custom: 'spring-sale' }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-7' }]);
    expect(w.get('[data-testid="new-link-short-url"]').text()).toBe('http://s/spring-sale');
  });

  it('opens a link’s details from a row and says the figures are the mirror’s when offline', async () => {
    fake.answer('links:list', linkPage([link({ id: 5, title: 'Spring' })]));
    fake.answer('connection:state', ok({ profileId: localProfile.id, online: false, reason: 'Connection refused.' }));
    const stats = { clicks: 12, uniqueClicks: 7, topCountries: { France: 5, Japan: 7 }, topReferrers: { 'news.example': 3 }, topBrowsers: {}, topOs: {}, socialCount: {} };
    fake.answer(
      'links:get',
      ok({
        link: link({ id: 5, title: 'Spring' }),
        details: { id: 5, alias: 'abc', shortUrl: 'http://s/abc', longUrl: 'https://example.com/a', title: 'Spring', description: '', location: {}, device: {}, expiry: null, date: '', stats },
        fetchedAt: Date.now() - 3 * MIN,
        snapshots: [
          { at: new Date(2025, 0, 1, 9, 0).getTime(), clicks: 2, uniqueClicks: 2, stats: null, source: 'details' },
          { at: new Date(2025, 0, 2, 9, 0).getTime(), clicks: 12, uniqueClicks: 7, stats: null, source: 'details' },
        ],
        stale: true,
        source: 'mirror',
        syncedAt: Date.now(),
      }),
    );
    const w = await mountAt('/links');

    await w.get('[data-testid="resource-row"]').trigger('click');
    await flushPromises();

    expect(fake.callsTo('links:get')).toEqual([{ id: 5 }]);
    // The detail's code loads when a link is first opened: wait for it to say it is ready.
    await untilDom(() => byTestId('link-detail')[0]?.dataset['status'] === 'ready');
    expect(byTestId('link-detail-clicks')[0]?.textContent).toBe('12');
    expect(byTestId('link-detail-unique')[0]?.textContent).toBe('7');
    expect(byTestId('link-detail-countries')[0]?.textContent).toMatch(/Japan · 7.*France · 5/);
    expect(byTestId('link-detail-origin')[0]?.textContent).toBe('Offline: figures from the copy on this computer, read 3 minutes ago. They refresh once the service can be reached.');
    const canvas = document.querySelector('[data-testid="clicks-chart"] canvas');
    expect(canvas?.getAttribute('aria-label')).toBe('Clicks over time: 2 readings from Jan 1, 2025, 9:00 AM to Jan 2, 2025, 9:00 AM, latest 12.');
  });
});

describe('Small collections on the mirror', () => {
  it('read the whole collection with no argument and show its freshness', async () => {
    fake.answer('channels:list', ok({ items: [{ id: 1, name: 'Spring', description: '', color: '', starred: false, pending: 'create', failed: null, opId: 'op-1', provisional: true }], source: 'mirror', syncedAt: null }));

    const w = await mountAt('/channels');

    expect(fake.callsTo('channels:list')).toEqual([undefined]);
    expect(fake.callsTo('sync:refresh')).toEqual([{ view: { kind: 'channels' } }]);
    expect(w.get('[data-testid="resource-channels"]').text()).toContain('Spring');
    expect(byTestId('mark-pending').map((m) => m.getAttribute('data-kind'))).toEqual(['create']);
    expect(w.get('[data-testid="freshness"]').text()).toBe('Copy on this computer · not synced yet');
  });
});

describe('Outbox view', () => {
  it('lists pending and failed changes with their state, attempts and last error', async () => {
    fake.answer(
      'outbox:list',
      ok([
        outboxItem({ opId: 'op-1', attempts: 2, lastError: { code: 'offline', message: 'The service did not answer.' } }),
        outboxItem({ opId: 'op-2', state: 'failed', summary: 'Create the short link "api" to https://x.example', attempts: 1, lastError: { code: 'invalid-input', message: 'That alias is reserved.' } }),
      ]),
    );

    const w = await mountAt('/outbox');

    const rows = w.findAll('[data-testid="outbox-item"]');
    expect(rows.map((r) => r.attributes('data-state'))).toEqual(['queued', 'failed']);
    expect(rows[0]?.text()).toContain('Waiting to send');
    expect(rows[0]?.text()).toContain('Tried 2 times');
    expect(rows[0]?.get('[data-testid="outbox-last-error"]').text()).toBe('Last try: The service did not answer.');
    expect(rows[1]?.get('[data-testid="outbox-last-error"]').text()).toBe('The service refused it: That alias is reserved.');
    expect(rows[0]?.find('[data-testid="outbox-retry"]').exists()).toBe(false);
  });

  it('says what a waiting change waits for, by the summary of the change before it', async () => {
    fake.answer(
      'outbox:list',
      ok([
        outboxItem({ opId: 'op-1', state: 'failed', summary: 'Create the channel "Spring"', attempts: 1, lastError: { code: 'invalid-input', message: 'This service does not offer creating channels.' } }),
        outboxItem({ opId: 'op-2', summary: 'Create a short link to https://x.example', blockedBy: 'op-1' }),
      ]),
    );
    const w = await mountAt('/outbox');
    const rows = w.findAll('[data-testid="outbox-item"]');
    expect(rows[0]?.find('[data-testid="outbox-waits-for"]').exists()).toBe(false);
    expect(rows[1]?.get('[data-testid="outbox-waits-for"]').text()).toBe('waits for “Create the channel "Spring"” (refused: retry or discard it)');
  });

  it('retries a failed change, and discards one only after confirmation', async () => {
    fake.answer('outbox:list', ok([outboxItem({ opId: 'op-2', state: 'failed', attempts: 1, lastError: { code: 'invalid-input', message: 'No.' } })]));
    fake.answer('outbox:retry', ok(outboxItem({ opId: 'op-2' })));
    fake.answer('outbox:discard', ok(undefined));
    const w = await mountAt('/outbox');

    await w.get('[data-testid="outbox-retry"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('outbox:retry')).toEqual([{ opId: 'op-2' }]);

    await w.get('[data-testid="outbox-discard"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('outbox:discard')).toEqual([]);
    const confirm = byTestId('outbox-discard-confirm')[0];
    expect(confirm?.textContent).toContain('Discard “Create a short link to https://example.com/x”?');
    const discard = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Discard' && !b.closest('[data-testid="outbox-item"]'));
    discard?.click();
    await flushPromises();

    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-2' }]);
  });

  it('counts queued and failed changes on the sidebar from outbox:changed', async () => {
    fake.answer('links:list', linkPage([]));
    const w = await mountAt('/links');
    expect(w.find('[data-testid="outbox-count"]').exists()).toBe(false);

    fake.emit('outbox:changed', { profileId: localProfile.id, queued: 2, failed: 1, sending: false });
    await flushPromises();

    const badge = w.get('[data-testid="outbox-count"]');
    expect(badge.attributes('data-count')).toBe('3');
    expect(badge.attributes('aria-label')).toBe('3 not yet sent, 1 failed');
  });
});

describe('Sync indicator', () => {
  it('shows a first sync’s progress and ETA, then "Synced"', async () => {
    fake.answer('links:list', linkPage([]));
    const w = await mountAt('/links');
    const progress = { phase: 'first-sync' as const, collection: 'links' as const, done: 1200, total: 10_000, requestsDone: 12, requestsLeft: 88, etaMs: 3 * MIN, startedAt: 1, syncedAt: null, online: true, nextProbeAt: null, error: null };

    fake.emit('sync:progress', { ...progress, profileId: localProfile.id });
    await flushPromises();
    expect(w.get('[data-testid="sync-indicator"]').text()).toBe('Syncing links 1,200 / 10,000 · about 3 min left');

    fake.emit('sync:progress', { ...progress, phase: 'idle', collection: null, etaMs: null, syncedAt: Date.now(), profileId: localProfile.id });
    await flushPromises();
    expect(w.get('[data-testid="sync-indicator"]').text()).toBe('Synced');
  });
});
