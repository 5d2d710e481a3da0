import { describe, expect, it } from 'vitest';
import type { ClipboardNotification } from '../../../electron/backend/clipboard/ports.js';
import { bulkNotification, notifyDesktopEvents } from '../../../electron/main/desktop-notifications.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import type { SyncProgress } from '../../../electron/shared/models.js';
import { fakeBackend } from '../shells/fake-backend.js';

const NOW = 1_900_000_000_000;

const job = (over: Partial<BulkJob> = {}): BulkJob & { profileId: string } => ({
  profileId: 'p1',
  id: 'job-1',
  name: 'Spring campaign',
  createdAt: NOW - 60_000,
  finishedAt: null,
  status: 'running',
  reuse: true,
  total: 10,
  counts: { queued: 0, sending: 0, created: 7, reused: 2, failed: 1, cancelled: 0 },
  etaMs: null,
  message: null,
  ...over,
});

const progress = (error: SyncProgress['error'], profileId = 'p1'): SyncProgress & { profileId: string } => ({
  profileId,
  phase: 'idle',
  collection: null,
  done: 0,
  total: 0,
  requestsDone: 0,
  requestsLeft: 0,
  etaMs: null,
  startedAt: null,
  syncedAt: null,
  online: true,
  nextProbeAt: null,
  error,
});

function setup(answer: string | null = null) {
  const fake = fakeBackend();
  const shown: ClipboardNotification[] = [];
  let opened = 0;
  const stop = notifyDesktopEvents({
    backend: fake.backend,
    notifier: { notify: async (n) => (shown.push(n), answer) },
    openWindow: () => void opened++,
    now: () => NOW,
  });
  return { fake, shown, stop, opened: () => opened };
}

describe('desktop notifications', () => {
  it('announces a bulk job once when it is done, with its counts', () => {
    const { fake, shown } = setup();
    fake.emit('bulk:changed', job());
    expect(shown).toHaveLength(0);
    fake.emit('bulk:changed', job({ status: 'done', finishedAt: NOW + 1 }));
    fake.emit('bulk:changed', job({ status: 'done', finishedAt: NOW + 1 }));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Bulk shortening finished', body: expect.stringContaining('“Spring campaign”: 7 created, 2 reused, 1 failed.') });
    expect(shown[0]!.actions).toEqual([{ id: 'open', label: 'Open Linkdeck' }]);
    // Where a click is not the "Open" action (Windows, macOS), it opens the bulk view.
    expect(shown[0]!.view).toBe('/bulk');
  });

  it('announces a cancelled job', () => {
    expect(bulkNotification(job({ status: 'cancelled' }))).toEqual({ title: 'Bulk shortening cancelled', body: '“Spring campaign”: 9 of 10 links were made before it was cancelled.' });
    expect(bulkNotification(job({ status: 'paused' }))).toBeNull();
  });

  it('stays quiet about jobs that had finished before Linkdeck started', () => {
    const { fake, shown } = setup();
    fake.emit('bulk:changed', job({ status: 'done', finishedAt: NOW - 5000 }));
    expect(shown).toHaveLength(0);
  });

  it('announces a sync error once, and again only after the sync recovered', () => {
    const { fake, shown } = setup();
    const error = { code: 'unauthorized', message: 'The service refused the API key.' };
    fake.emit('sync:progress', progress(null));
    fake.emit('sync:progress', progress(error));
    fake.emit('sync:progress', progress(error));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Linkdeck could not sync', body: expect.stringContaining('The service refused the API key.') });
    fake.emit('sync:progress', progress({ code: 'remote-error', message: 'The service failed.' }));
    expect(shown).toHaveLength(2);
    // The newer trouble of the same profile replaces the older notice in the OS's list.
    expect(shown[1]!.group).toBe(shown[0]!.group);
    expect(shown[0]!.group).toMatch(/^sync:/);
    fake.emit('sync:progress', progress(null));
    fake.emit('sync:progress', progress(error));
    expect(shown).toHaveLength(3);
  });

  it('keeps each profile\'s sync errors apart', () => {
    const { fake, shown } = setup();
    const error = { code: 'remote-error', message: 'Down.' };
    fake.emit('sync:progress', progress(error, 'p1'));
    fake.emit('sync:progress', progress(error, 'p2'));
    expect(shown).toHaveLength(2);
  });

  it('opens the window when the person picks "Open Linkdeck"', async () => {
    const { fake, opened } = setup('open');
    fake.emit('bulk:changed', job({ status: 'done', finishedAt: NOW }));
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    await Promise.resolve();
    expect(opened()).toBe(1);
  });

  it('stops listening when stopped', () => {
    const { fake, stop } = setup();
    stop();
    expect(fake.listenerCount()).toBe(0);
  });
});
