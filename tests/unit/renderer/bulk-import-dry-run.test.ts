// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import BulkPreviewStep from '../../../renderer/src/components/bulk/BulkPreviewStep.vue';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useConnectionStore } from '../../../renderer/src/stores/connection.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import { fail, installFakeBridge, keychainOk, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

/*
 * The import's preview: channels created only after the person confirms (and the rows then carry
 * them), and the choice for aliases that cannot be kept, for all rows and row by row.
 */

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

const JOB: BulkJob = {
  id: 'job-1',
  name: 'Import',
  createdAt: 1,
  finishedAt: null,
  status: 'running',
  reuse: true,
  total: 1,
  counts: { queued: 1, sending: 0, created: 0, reused: 0, failed: 0, cancelled: 0 },
  etaMs: null,
  message: null,
};

const outboxItem = (opId: string, provisionalId: number) => ({
  opId,
  seq: 1,
  mutation: { kind: 'channel.create', input: { name: 'x' } },
  state: 'queued',
  summary: 'Create the channel',
  provisionalId,
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  outcomeUnknown: false,
  blockedBy: null,
  createdAt: 1,
});

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
  fake.answer('bulk:aliases', ok([]));
  fake.answer('bulk:start', ok(JOB));
  pinia = createPinia();
  setActivePinia(pinia);
  await useProfilesStore().load();
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
});

/** The preview of a CSV file, as the Bulk view shows it after the mapping step. */
async function previewOf(csv: string): Promise<VueWrapper> {
  const bulk = useBulkStore();
  bulk.setLookups({ channels: [{ id: 4, name: 'Newsletter' }], campaigns: [], domains: [] });
  bulk.useSource('csv', csv, 'Import');
  bulk.step = 'preview';
  wrapper = mount(BulkPreviewStep, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const text = (w: VueWrapper, testId: string) => w.find(`[data-testid="${testId}"]`).text();
async function start(w: VueWrapper): Promise<void> {
  await w.get('form').trigger('submit');
  await flushPromises();
}
const startArg = () => fake.callsTo('bulk:start')[0] as { rows: { url: string; channel?: number; custom?: string }[]; onAliasTaken?: string[] };

const TAGGED = 'url,tags\nhttps://a.example/1,Summer\nhttps://a.example/2,summer\nhttps://a.example/3,Newsletter\n';

describe('channels named by tags, created after a confirmation', () => {
  it('without the confirmation creates nothing and the links go without the channel, as the preview says', async () => {
    const w = await previewOf(TAGGED);
    expect(text(w, 'bulk-missing-channels')).toContain('Create this channel on Work');
    expect(text(w, 'bulk-channels-outcome')).toBe('Without this, 2 links go without a channel.');
    expect(text(w, 'bulk-channel-count')).toBe('1 tag naming no channel');

    await start(w);

    expect(fake.callsTo('channels:create')).toEqual([]);
    expect(startArg().rows.map((r) => r.channel)).toEqual([undefined, undefined, 4]);
  });

  it('once confirmed, creates the channel, waits for its id and starts the job with the rows in it', async () => {
    fake.answer('channels:create', ok(outboxItem('op-summer', -5)));
    fake.answer('outbox:wait', ok({ opId: 'op-summer', id: 42, shortUrl: null }));
    const w = await previewOf(TAGGED);
    await w.get('[data-testid="bulk-create-channels"]').trigger('click');
    expect(text(w, 'bulk-channels-outcome')).toBe('It is created when you start the job, before its links, and the 2 rows go into it.');
    expect(text(w, 'bulk-channel-count')).toBe('1 channel to create');

    await start(w);

    expect(fake.callsTo('channels:create')).toEqual([{ name: 'Summer' }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-summer' }]);
    expect(startArg().rows.map((r) => r.channel)).toEqual([42, 42, 4]);
  });

  it('a refused channel is said in words, taken back out of the outbox, and the job does not start', async () => {
    fake.answer('channels:create', ok(outboxItem('op-summer', -5)));
    fake.answer('outbox:wait', fail('invalid-input', 'The name is too long.'));
    fake.answer('outbox:discard', ok(undefined));
    const w = await previewOf(TAGGED);
    await w.get('[data-testid="bulk-create-channels"]').trigger('click');

    await start(w);

    expect(text(w, 'bulk-start-error')).toContain('The service refused a channel ("Summer": The name is too long.)');
    expect(text(w, 'bulk-start-error')).toContain('The job has not started');
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-summer' }]);
    expect(fake.callsTo('bulk:start')).toEqual([]);
  });

  it('offline, the rows carry the queued channel (its provisional id) and the job starts at once', async () => {
    fake.answer('channels:create', ok(outboxItem('op-summer', -5)));
    const w = await previewOf(TAGGED);
    useConnectionStore().value = { online: false, reason: 'No network' } as never;
    await w.get('[data-testid="bulk-create-channels"]').trigger('click');

    await start(w);

    expect(fake.callsTo('outbox:wait')).toEqual([]);
    expect(startArg().rows.map((r) => r.channel)).toEqual([-5, -5, 4]);
  });
});

const ALIASED = [
  'url,alias',
  'https://a.example/1,spring', // line 2
  'https://a.example/2,taken', // line 3: taken on Work by another URL
  'https://a.example/3,spring', // line 4: twice in the file
  'https://a.example/4,free', // line 5
  'not a url,bad', // line 6: cannot be read
].join('\n');

describe('aliases that cannot be kept', () => {
  it('counts them in the dry run and follows the choice for all, with a row’s own choice over it', async () => {
    fake.answer('bulk:aliases', ok([{ alias: 'taken', url: 'https://other.example/x', domain: null }]));
    const w = await previewOf(ALIASED);
    // The unreadable row's alias is not asked about.
    expect(fake.callsTo('bulk:aliases')).toEqual([{ aliases: ['free', 'spring', 'taken'] }]);
    expect(text(w, 'bulk-clash-count')).toBe('2');
    expect(text(w, 'bulk-invalid-count')).toBe('1');
    expect(text(w, 'bulk-alias-summary')).toBe('1 alias is already used on Work by a link to another URL; 1 alias is used twice in this file for different URLs.');
    const clashes = w.findAll('[data-testid="bulk-alias-clash"]');
    expect(clashes.map((c) => c.attributes('data-line'))).toEqual(['3', '4']);
    expect(clashes[0]?.text()).toContain('The alias "taken" is already used on Work by a link to https://other.example/x.');
    // The unreadable row keeps its line among the problems.
    expect(w.find('[data-testid="bulk-bad-row"][data-line="6"]').exists()).toBe(true);

    // Skip for all, but line 4 gets a new random alias.
    await w.get('[data-testid="bulk-alias-all-skip"] input').setValue(true);
    await w.get('[data-testid="bulk-alias-clash"][data-line="4"] select').setValue('random');
    expect(text(w, 'bulk-start')).toBe('Shorten 3 links (1 skipped)');

    await start(w);

    expect(startArg().rows).toEqual([
      { url: 'https://a.example/1', custom: 'spring' },
      { url: 'https://a.example/3' },
      { url: 'https://a.example/4', custom: 'free' },
    ]);
    expect(startArg().onAliasTaken).toEqual(['skip', 'random', 'skip']);
  });

  it('by default a clashing row gets a new random alias, and so does one the service refuses while the job runs', async () => {
    fake.answer('bulk:aliases', ok([{ alias: 'taken', url: 'https://other.example/x', domain: null }]));
    const w = await previewOf(ALIASED);
    expect(text(w, 'bulk-start')).toBe('Shorten 4 links');

    await start(w);

    expect(startArg().rows.map((r) => r.custom)).toEqual(['spring', undefined, undefined, 'free']);
    expect(startArg().onAliasTaken).toEqual(['random', 'random', 'random', 'random']);
  });
});
