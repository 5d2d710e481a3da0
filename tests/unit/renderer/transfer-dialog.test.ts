// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Router } from 'vue-router';
import TransferDialog from '../../../renderer/src/components/transfer/TransferDialog.vue';
import SettingsView from '../../../renderer/src/views/SettingsView.vue';
import { createAppRouter } from '../../../renderer/src/router.js';
import { useNoticesStore } from '../../../renderer/src/stores/notices.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { useTransferStore } from '../../../renderer/src/stores/transfer.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import type { TransferPlan, TransferRequest } from '../../../electron/shared/transfer.js';
import { nextNavigation, untilDom } from './dom-signals.js';
import { fail, installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

const plan = (over: Partial<TransferPlan> = {}): TransferPlan => ({
  mode: 'move',
  sourceName: localProfile.name,
  targetName: remoteProfile.name,
  links: 5,
  toCreate: 3,
  alreadyThere: 1,
  aliasClashes: [{ id: 4, alias: 'spring', shortUrl: 'http://127.0.0.1:4100/spring' }],
  missingChannels: ['Newsletter', 'Partners'],
  missingCampaigns: ['Spring sale'],
  rotatorsNotCarried: [{ campaign: 'Spring sale', slug: 'spring' }],
  leftOut: [{ kind: 'pixel', name: 'Shop tag', links: 2 }],
  unreadable: [{ id: 5, shortUrl: 'http://127.0.0.1:4100/gone', reason: 'it is no longer on Local workspace' }],
  requests: { target: 3, source: 4, names: 3 },
  etaMs: 62_000,
  etaWithNamesMs: 3 * 60_000,
  targetMirrorAgeMs: 12 * 60_000,
  ...over,
});

const job: BulkJob = {
  id: 'job-1', name: 'Move to Work', createdAt: 0, finishedAt: null, status: 'running', reuse: true, total: 4,
  counts: { queued: 4, sending: 0, created: 0, reused: 0, failed: 0, cancelled: 0 }, etaMs: null, message: null,
};

beforeEach(async () => {
  fake = installFakeBridge();
  pinia = createPinia();
  setActivePinia(pinia);
  router = createAppRouter();
  await router.push('/links');
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

/** The dialog open for links 1–5 of the local workspace, with these profiles. */
async function openDialog(profiles = [localProfile, remoteProfile]) {
  fake.answer('profiles:list', ok({ profiles, currentId: localProfile.id, keychain: keychainOk }));
  await useProfilesStore().load();
  wrapper = mount(TransferDialog, { global: { plugins: [pinia, router] }, attachTo: document.body });
  useTransferStore().openFor([1, 2, 3, 4, 5]);
  await untilDom(() => document.querySelector('[data-testid="transfer-dialog"]') !== null);
  await flushPromises();
}

const el = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = (testId: string) => el(testId)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
async function click(testId: string) {
  el(testId)!.click();
  await flushPromises();
}
/** Chooses a radio option by its test id (Naive UI puts the id on the label around the input). */
async function choose(testId: string, match = '') {
  const label = document.querySelector<HTMLElement>(`[data-testid="${testId}"]${match}`)!;
  label.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
  await flushPromises();
}
async function check() {
  document.querySelector<HTMLFormElement>('.transfer-dialog__form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await flushPromises();
}

describe('Transfer dialog', () => {
  it('with no other profile, says to connect another service first and leads there', async () => {
    await openDialog([localProfile]);

    expect(text('transfer-no-target')).toContain('Connect another service first');
    expect(el('transfer-check')).toBeNull();
    const navigation = nextNavigation(router);
    await click('transfer-connect');
    const { to } = await navigation;
    expect(to.path).toBe('/settings');
    expect(to.query).toEqual({ connect: '1' });
    expect(useTransferStore().open).toBe(false);
  });

  it('Settings opened from there shows the connect form at once', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    await router.push({ path: '/settings', query: { connect: '1' } });
    wrapper = mount(SettingsView, { global: { plugins: [pinia, router] }, attachTo: document.body });
    await flushPromises();

    expect(el('connect-card')).not.toBeNull();
  });

  it('offers the other profiles only, and says next to the field when none is chosen', async () => {
    const third = { ...remoteProfile, id: 'p-third', name: 'Agency' };
    await openDialog([localProfile, remoteProfile, third]);

    const offered = [...document.querySelectorAll('[data-testid="transfer-target-option"]')].map((o) => o.getAttribute('data-profile-id'));
    expect(offered).toEqual([remoteProfile.id, third.id]);
    await check();

    expect(text('transfer-target-error')).toBe('Choose the profile that receives the links.');
    expect(fake.callsTo('transfer:plan')).toEqual([]);
  });

  it('refuses more links than one job takes, in words, before any dry run', async () => {
    await openDialog();
    useTransferStore().openFor(Array.from({ length: 10_001 }, (_, i) => i + 1));
    await flushPromises();

    expect(text('transfer-too-many')).toContain('10,001 links are selected; one transfer takes at most 10,000.');
    expect(el('transfer-check')?.hasAttribute('disabled')).toBe(true);
    await check();
    expect(fake.callsTo('transfer:plan')).toEqual([]);
  });

  it('shows the dry run in words', async () => {
    fake.answer('transfer:plan', ok(plan()));
    await openDialog();
    await choose('transfer-mode-move');

    await check();

    expect(fake.callsTo('transfer:plan')).toEqual([{ targetProfileId: remoteProfile.id, mode: 'move', ids: [1, 2, 3, 4, 5], createMissing: false, aliasTaken: 'random' }]);
    expect(text('transfer-plan-create')).toBe('3 links to create on Work.');
    expect(text('transfer-plan-there')).toBe('1 link already there: it is used as it is, nothing is made twice.');
    expect(text('transfer-plan-move')).toContain('deleted from Local workspace only once Work has confirmed its copy');
    expect(text('transfer-plan-clashes')).toContain('1 alias already taken on Work for another address: they get a new random alias there.');
    expect(text('transfer-plan-clashes')).toContain('http://127.0.0.1:4100/spring (spring)');
    expect(text('transfer-plan-missing')).toContain('Channel “Newsletter”');
    expect(text('transfer-plan-missing')).toContain('Campaign “Spring sale”');
    expect(text('transfer-create-missing')).toBe('Create these 2 channels and 1 campaign on Work');
    // What the created ones carry, and what not.
    expect(text('transfer-plan-carried')).toBe(
      'Channels are made with their colour and description, campaigns with their public flag. Not carried: the rotator address /r/spring (campaign “Spring sale”), since a rotator address is shared by every account of a service: set it on Work if it is free there.',
    );
    expect(text('transfer-plan-left-out')).toContain('Pixel “Shop tag” (2 links)');
    expect(text('transfer-plan-unreadable')).toContain('http://127.0.0.1:4100/gone: it is no longer on Local workspace');
    // 62 s is not "less than a minute".
    expect(text('transfer-plan-requests')).toBe('3 requests to Work and 4 deletes on Local workspace: about 65 s at their rate limits.');
    expect(text('transfer-plan-freshness')).toBe('Checked against the copy of Work on this computer, synced 12 minutes ago.');
    expect(text('transfer-start')).toBe('Move 4 links');
  });

  it('asks the target to create missing names only after the box is ticked', async () => {
    fake.answer('transfer:plan', ok(plan()));
    fake.answer('transfer:start', fail('offline', 'Work could not be reached.'));
    await openDialog();
    await check();

    // Unticked: the job is asked for without creating anything.
    expect(text('transfer-create-missing-off')).toBe('Left unticked, those links go without their channel or campaign.');
    await click('transfer-start');
    expect((fake.callsTo('transfer:start') as TransferRequest[]).map((r) => r.createMissing)).toEqual([false]);

    document.querySelector<HTMLElement>('[data-testid="transfer-create-missing"]')!.click();
    await flushPromises();
    // The estimate counts the channel and campaign creates once they are to be made.
    expect(text('transfer-plan-requests')).toBe('6 requests to Work and 4 deletes on Local workspace: about 3 min at their rate limits.');
    await click('transfer-start');
    expect((fake.callsTo('transfer:start') as TransferRequest[]).map((r) => r.createMissing)).toEqual([false, true]);
  });

  it('a different choice after the dry run needs a new one, and forgets the confirmation', async () => {
    fake.answer('transfer:plan', ok(plan()));
    await openDialog();
    await check();
    document.querySelector<HTMLElement>('[data-testid="transfer-create-missing"]')!.click();
    await flushPromises();
    expect(useTransferStore().createMissing).toBe(true);

    await choose('transfer-alias-skip');

    expect(el('transfer-plan')).toBeNull();
    expect(el('transfer-start')).toBeNull();
    expect(useTransferStore().createMissing).toBe(false);
  });

  it('says in words why the dry run failed (offline target) and keeps every choice', async () => {
    fake.answer('transfer:plan', fail('offline', 'Work could not be reached (connection refused).'));
    await openDialog();
    await choose('transfer-mode-move');
    await choose('transfer-alias-skip');

    await check();

    expect(text('transfer-plan-error')).toContain('Work cannot be reached: Work could not be reached (connection refused). Your choices are kept');
    const transfer = useTransferStore();
    expect([transfer.targetId, transfer.mode, transfer.aliasTaken, transfer.open]).toEqual([remoteProfile.id, 'move', 'skip', true]);
    expect(el('transfer-check')?.textContent?.trim()).toBe('Check');
  });

  it('says in words why the job did not start, then starts it and goes to the Bulk view', async () => {
    fake.answer('transfer:plan', ok(plan({ mode: 'copy', missingChannels: [], missingCampaigns: [] })));
    fake.answer('transfer:start', fail('invalid-input', 'Work is not connected any more: connect it again in Settings.'));
    await openDialog();
    await check();

    await click('transfer-start');
    expect(text('transfer-start-error')).toContain('Work is not connected any more: connect it again in Settings.');
    expect(el('transfer-plan')).not.toBeNull();

    fake.answer('transfer:start', ok({ ...job, total: 5 }));
    const navigation = nextNavigation(router);
    await click('transfer-start');
    expect((await navigation).to.path).toBe('/bulk');
    expect(useTransferStore().open).toBe(false);
    // The same figure as the button ("Copy 4 links"), not the job's 5 rows (one left out).
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['Copy of 4 links to Work started (1 link left out, as the check said): follow it in Bulk shorten.']);
  });

  it('reads the details of links never read from the dialog, with progress, then checks again (issue 28)', async () => {
    const neverRead = (id: number) => ({ id, shortUrl: `http://127.0.0.1:4100/n${id}`, reason: 'Its details were never read.', neverRead: true as const });
    fake.answer('transfer:plan', ok(plan({ unreadable: [neverRead(2), neverRead(3), { id: 5, shortUrl: 'http://127.0.0.1:4100/gone', reason: 'gone' }] })));
    fake.answer('budget:state', ok({ profileId: localProfile.id, limit: 30, remaining: 1, resetAt: 0, pausedUntil: null, inFlight: 0, queued: { user: 0, clipboard: 0, view: 0, background: 0 } }));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.answer('links:get', async () => (await held, ok({})));
    await openDialog();
    await check();
    await untilDom(() => text('transfer-read-cost') !== null && text('transfer-read-cost')!.includes('rate limit'));
    // Only the two whose details are missing; one fits in the budget now, the other waits a minute.
    expect(text('transfer-read-cost')).toBe("The details of 2 links were never read: reading them takes 2 requests, about 65 s at this profile's rate limit of 30 requests a minute.");

    fake.answer('transfer:plan', ok(plan({ unreadable: [], toCreate: 5 })));
    await click('transfer-read-now');
    expect(text('transfer-read-progress')).toBe('Reading details: 0 of 2 links… (closing this dialog stops it; what was read stays read)');
    release();
    await untilDom(() => text('transfer-plan-create') === '5 links to create on Work.');
    expect(fake.callsTo('links:get')).toEqual([{ id: 2, force: true }, { id: 3, force: true }]);
    expect(fake.callsTo('transfer:plan')).toHaveLength(2);
    expect(el('transfer-read')).toBeNull();
  });

  it('opens on Copy every time, even after a move was chosen (issue 28)', async () => {
    await openDialog();
    await choose('transfer-mode-move');
    expect(useTransferStore().mode).toBe('move');
    await click('transfer-cancel');
    useTransferStore().openFor([1, 2]);
    await flushPromises();
    expect(useTransferStore().mode).toBe('copy');
    expect(document.querySelector<HTMLInputElement>('[data-testid="transfer-mode-copy"] input')?.checked).toBe(true);
  });
});
