// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import { installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;

const job = (over: Partial<BulkJob> = {}): BulkJob => ({
  id: 'job-1',
  name: 'Launch',
  createdAt: 1,
  finishedAt: null,
  status: 'running',
  reuse: true,
  total: 2,
  counts: { queued: 2, sending: 0, created: 0, reused: 0, failed: 0, cancelled: 0 },
  etaMs: 400,
  message: null,
  ...over,
});

beforeEach(async () => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
  fake.answer('profiles:list', ok({ profiles: [localProfile, remoteProfile], currentId: localProfile.id, keychain: keychainOk }));
  await useProfilesStore().load();
});

afterEach(() => {
  delete window.linkdeck;
});

describe('useBulkStore', () => {
  it('checks pasted URLs and starts a job with the good rows only', async () => {
    const bulk = useBulkStore();
    bulk.useSource('lines', 'https://example.com/a\nnot-a-url\n\nhttps://example.com/b\n', 'Pasted');
    expect(bulk.step).toBe('preview');
    expect(bulk.preview).toMatchObject({ valid: 2, invalid: 1 });
    expect(bulk.preview.rows.find((r) => r.input === null)?.line).toBe(2);

    // The bad line fixed by the person becomes a row too.
    bulk.fixRow(2, { url: 'https://example.com/fixed' });
    expect(bulk.preview).toMatchObject({ valid: 3, invalid: 0 });

    fake.answer('bulk:list', ok([]));
    await bulk.load();
    fake.answer('bulk:start', ok(job({ total: 3 })));
    bulk.reuse = false;
    bulk.jobName = 'Launch';
    await bulk.start();
    expect(fake.callsTo('bulk:start')).toEqual([
      {
        name: 'Launch',
        reuse: false,
        rows: [{ url: 'https://example.com/a' }, { url: 'https://example.com/fixed' }, { url: 'https://example.com/b' }],
      },
    ]);
    expect(bulk.jobs.map((j) => j.id)).toEqual(['job-1']);
    expect(bulk.step).toBe('source');
    expect(bulk.table).toBeNull();
  });

  it('follows bulk:changed for the current profile only', async () => {
    fake.answer('bulk:list', ok([job()]));
    const bulk = useBulkStore();
    await bulk.load();
    fake.emit('bulk:changed', { ...job({ counts: { queued: 0, sending: 1, created: 1, reused: 0, failed: 0, cancelled: 0 } }), profileId: localProfile.id });
    expect(bulk.jobs[0]?.counts.created).toBe(1);
    fake.emit('bulk:changed', { ...job({ status: 'done' }), profileId: remoteProfile.id });
    expect(bulk.jobs[0]?.status).toBe('running');
    // A job started elsewhere (another window) shows up at the top.
    fake.emit('bulk:changed', { ...job({ id: 'job-2', name: 'Other' }), profileId: localProfile.id });
    expect(bulk.jobs.map((j) => j.id)).toEqual(['job-2', 'job-1']);
    // A malformed push is ignored.
    fake.emit('bulk:changed', { profileId: localProfile.id } as never);
    await flushPromises();
    expect(bulk.jobs).toHaveLength(2);
  });

  it('guesses the columns of a CSV file and goes to the mapping step', () => {
    const bulk = useBulkStore();
    bulk.useSource('csv', '\ufeffLink;Alias\n"https://example.com/a?x=1;2";spring\n', 'spring');
    expect(bulk.step).toBe('mapping');
    expect(bulk.mapping).toEqual(['url', 'custom']);
    expect(bulk.preview.rows[0]?.input).toEqual({ url: 'https://example.com/a?x=1;2', custom: 'spring' });
    expect(bulk.jobName).toBe('spring');
  });
});
