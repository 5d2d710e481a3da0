// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import BulkJobCard from '../../../renderer/src/components/bulk/BulkJobCard.vue';
import type { BulkJob, BulkRow } from '../../../electron/shared/bulk.js';
import type { TransferInfo } from '../../../electron/shared/transfer.js';
import { untilDom } from './dom-signals.js';
import { fail, installFakeBridge, keychainOk, ok, type FakeBridge } from './fake-bridge.js';
import { useNoticesStore } from '../../../renderer/src/stores/notices.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

const info = (over: Partial<TransferInfo> = {}): TransferInfo => ({
  mode: 'move', sourceProfileId: 'p-local', sourceName: 'Local workspace', targetProfileId: 'p-remote', targetName: 'Work',
  removedFromSource: 2, removeFailed: 1, leftOut: [], ...over,
});

const transferJob = (transfer: TransferInfo, over: Partial<BulkJob> = {}): BulkJob => ({
  id: 'job-1', name: 'Move to Work', createdAt: 0, finishedAt: 1, status: 'done', reuse: true, total: 3,
  counts: { queued: 0, sending: 0, created: 3, reused: 0, failed: 0, cancelled: 0 }, etaMs: null, message: null, transfer, ...over,
});

const row = (index: number, removal: 'removed' | 'failed', error: string | null = null): BulkRow => ({
  index, input: { url: `https://example.com/${index}` }, status: 'created', linkId: 100 + index, shortUrl: `https://work.example/n${index}`, error: null,
  source: { linkId: index + 1, shortUrl: `http://127.0.0.1:4100/s${index}`, removal, error },
});

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
  pinia = createPinia();
  setActivePinia(pinia);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

const mountCard = (job: BulkJob) => (wrapper = mount(BulkJobCard, { props: { job }, global: { plugins: [pinia] }, attachTo: document.body }));
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

describe('Bulk job card: transfers', () => {
  it('says where a move went, what left the source, and why the rest stayed', async () => {
    fake.answer('bulk:rows', ok({ rows: [row(0, 'removed'), row(1, 'failed', 'The link is locked by another user.'), row(2, 'removed')], total: 3 }));
    mountCard(transferJob(info()));
    await untilDom(() => text('bulk-transfer-remove-reasons') !== null);

    expect(text('bulk-transfer-title')).toBe('Move from Local workspace to Work');
    expect(text('bulk-transfer-removed')).toBe('2 removed from Local workspace');
    expect(text('bulk-transfer-remove-failed')).toBe('1 could not be removed');
    expect(text('bulk-transfer-remove-reasons')).toBe('The link is locked by another user. (1 link; it stays on Local workspace, the copy is on Work)');
  });

  it('a move is not Done while its deletes on the source are still going out (issue 28)', async () => {
    mountCard(transferJob(info({ removedFromSource: 1, removeFailed: 0 })));
    await flushPromises();
    expect(text('bulk-job-status')).toBe('Deleting from Local workspace');
    wrapper?.unmount();
    mountCard(transferJob(info({ removedFromSource: 3, removeFailed: 0 })));
    await flushPromises();
    expect(text('bulk-job-status')).toBe('Done');
  });

  it('links the check left out are counted as left out, not as failures (issue 28)', async () => {
    mountCard(transferJob(info({ removedFromSource: 2, removeFailed: 0 }), { counts: { queued: 0, sending: 0, created: 2, reused: 0, failed: 0, cancelled: 1 } }));
    await flushPromises();
    expect(text('bulk-job-counts')).toBe('3 / 3 · 2 created · 0 reused · 0 failed · 1 left out');
    expect(document.querySelector('[data-testid="bulk-count-failed"]')?.classList.contains('bulk-job__failed')).toBe(false);
    expect(text('bulk-job-status')).toBe('Done');
  });

  it('a copy says where it went, without removal counts', async () => {
    mountCard(transferJob(info({ mode: 'copy', removedFromSource: 0, removeFailed: 0, leftOut: [{ kind: 'overlay', name: 'Promo', links: 2 }] })));
    await flushPromises();

    expect(text('bulk-transfer-title')).toBe('Copy to Work');
    expect(text('bulk-transfer-removal')).toBeNull();
    expect(text('bulk-transfer-left-out')).toBe('Left out (none of the same name and type on Work): Overlay “Promo” (2 links).');
    expect(fake.callsTo('bulk:rows')).toEqual([]);
  });

  it('says in words when the reasons cannot be read', async () => {
    fake.answer('bulk:rows', fail('not-found', 'That job is no longer kept.'));
    mountCard(transferJob(info()));
    await untilDom(() => text('bulk-transfer-reasons-error') !== null);

    expect(text('bulk-transfer-reasons-error')).toBe('The reasons could not be read: That job is no longer kept.');
  });

  it('rows show the source short URL beside the new one, and what became of it there', async () => {
    fake.answer('bulk:rows', ok({ rows: [row(0, 'removed'), row(1, 'failed', 'Locked.')], total: 2 }));
    mountCard(transferJob(info(), { total: 2 }));
    (document.querySelector('[data-testid="bulk-toggle-rows"]') as HTMLElement).click();
    await untilDom(() => document.querySelectorAll('[data-testid="bulk-rows"] tbody tr').length === 2);

    const headers = [...document.querySelectorAll('[data-testid="bulk-rows"] thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['#', 'Long URL', 'Status', 'On Local workspace', 'On Work', 'Removal', 'Problem']);
    const cells = [...document.querySelectorAll('[data-testid="bulk-rows"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()));
    expect(cells[0]?.slice(3, 6)).toEqual(['http://127.0.0.1:4100/s0', 'https://work.example/n0', 'Removed from the source']);
    expect(cells[1]?.slice(3, 6)).toEqual(['http://127.0.0.1:4100/s1', 'https://work.example/n1', 'Still on the source: Locked.']);
  });
});

describe('Bulk job card: actions', () => {
  it('a refused action says what failed before the service\'s words (issue 28)', async () => {
    fake.answer('bulk:pause', fail('not-found', 'That job is no longer on this computer.'));
    const running = transferJob(info(), { status: 'running', finishedAt: null, counts: { queued: 2, sending: 0, created: 1, reused: 0, failed: 0, cancelled: 0 } });
    mountCard(running);
    const notices = useNoticesStore(pinia);
    (document.querySelector('[data-testid="bulk-pause"]') as HTMLButtonElement).click();
    // The button leaves its busy state after the notice is pushed.
    await untilDom(() => notices.items.length > 0 && !document.querySelector('[data-testid="bulk-pause"]')?.classList.contains('n-button--loading'));
    expect(notices.items.map((n) => [n.kind, n.text])).toEqual([['error', 'Could not pause the job: That job is no longer on this computer.']]);
  });
});
