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

    expect(text(w, 'bulk-start-error')).toContain('The service refused a channel (“Summer”: The name is too long.)');
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
    expect(clashes[0]?.text()).toContain('The alias “taken” is already used on Work by a link to https://other.example/x.');
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

describe('what the preview asks and says about a spreadsheet’s file (issue 39)', () => {
  const startOf = () => fake.callsTo('bulk:start')[0] as { rows: { url: string; expiry?: string; custom?: string }[]; origin?: { kept?: unknown[] } };

  it('expired links: counted, each row says when and where it expired, and the job waits for the answer', async () => {
    const w = await previewOf(
      [
        'originalURL,shortURL,path,title,clicks,createdAt,expiresAt',
        'https://example.com/summer,https://go.example.io/summer,summer,Summer,310,2024-05-01T09:00:00.000Z,2024-07-30T00:00:00.000Z',
        'https://example.com/docs,https://go.example.io/docs,docs,Docs,5,2024-01-01T00:00:00.000Z,',
      ].join('\n'),
    );
    expect(text(w, 'bulk-expired-summary')).toBe('1 link has an expiry that has passed; the service takes no expiry in the past.');
    expect(text(w, 'bulk-expired-row')).toBe('Line 2 https://example.com/summer: expired on Short.io on 2024-07-30');
    expect(w.get('[data-testid="bulk-start"]').attributes('disabled')).toBeDefined();
    expect(text(w, 'bulk-unanswered')).toBe('Say what to do with the expired links above to start.');

    await w.get('[data-testid="bulk-expired-leave-out"] input').setValue(true);
    expect(text(w, 'bulk-start')).toBe('Shorten 1 link (1 skipped)');
    await w.get('[data-testid="bulk-expired-import"] input').setValue(true);
    expect(text(w, 'bulk-start')).toBe('Shorten 2 links');
    await start(w);
    expect(startOf().rows).toEqual([
      { url: 'https://example.com/summer', custom: 'summer', metaTitle: 'Summer' },
      { url: 'https://example.com/docs', custom: 'docs', metaTitle: 'Docs' },
    ]);
    expect(startOf().origin?.kept?.[0]).toEqual({ expiry: '2024-07-30T00:00:00.000Z', notes: ['Imported without an expiry: it expired on Short.io on 2024-07-30.'] });
  });

  it('dates no value settles are asked about, and the answer reads the column; counts as the file writes them', async () => {
    const w = await previewOf(['Destination URL;Date Created;Engagements', 'https://example.com/a;04/02/2023;1.234', 'https://example.com/b;05/03/2023;9.876.543'].join('\n'));
    expect(w.find('[data-testid="bulk-date-order"]').text()).toContain('In Date Created every date could be day/month/year or month/day/year');
    expect(w.get('[data-testid="bulk-start"]').attributes('disabled')).toBeDefined();
    await w.get('[data-testid="bulk-date-day-first"] input').setValue(true);
    expect(w.find('[data-testid="bulk-date-order"]').exists()).toBe(false);
    expect(text(w, 'bulk-read-as')).toBe('click counts with thousands separated by a full stop (1.234.567); created dates as day/month/year (30/06/2024).');
    expect(useBulkStore().preview.rows.map((r) => [r.created, r.formerClicks])).toEqual([
      [Date.UTC(2023, 1, 4), 1234],
      [Date.UTC(2023, 2, 5), 9_876_543],
    ]);
    expect(w.get('[data-testid="bulk-start"]').attributes('disabled')).toBeUndefined();
  });

  it('an alias the rules refuse is listed with the rule, and "keep the old alias, or skip" leaves the row out', async () => {
    const w = await previewOf(['url,alias', 'https://example.com/a,1h', 'https://example.com/b,newsletter'].join('\n'));
    expect(text(w, 'bulk-alias-summary')).toBe('1 alias cannot be kept on Work (the service’s rules for an alias).');
    expect(text(w, 'bulk-alias-clash')).toContain('The alias “1h” cannot be kept on Work. The custom alias must be 3 to 64 characters long; this one has 2.');
    expect(text(w, 'bulk-start')).toBe('Shorten 2 links');
    await w.get('[data-testid="bulk-alias-all-skip"] input').setValue(true);
    expect(text(w, 'bulk-start')).toBe('Shorten 1 link (1 skipped)');
  });

  it('a value that cannot be read is listed: the link goes without it', async () => {
    const w = await previewOf(['url,clicks', 'https://example.com/a,lots', 'https://example.com/b,5'].join('\n'));
    expect(text(w, 'bulk-left-out-row')).toBe('Line 2 The click count “lots” cannot be read: the link is imported without it.');
    expect(text(w, 'bulk-valid-count')).toBe('2');
  });
});
