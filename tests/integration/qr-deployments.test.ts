import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { createOutbox, type Outbox } from '../../electron/backend/outbox/index.js';
import { createProfileApi, createScheduler } from '../../electron/backend/scheduler/index.js';
import { createConnectivity, createSync, type Sync } from '../../electron/backend/sync/index.js';
import type { OutboxItem, OutboxMutation } from '../../electron/shared/models.js';
import { startQrDeploymentDouble, type QrDeploymentDouble, type QrDoubleOptions } from '../support/qr-deployment-double.js';
import { FakeClock } from '../unit/scheduler/support/fake-clock.js';

/*
 * QR codes against scripted deployments of 6.1, 6.2, 6.8, 7.6 and 7.6.3 (issue 31), through the
 * app's own parts: the API client, the scheduler, the mirror file, the outbox and the sync, over
 * HTTP. The outbox's clock is fake ("the service's longest run" passes when the test says).
 */

interface QrRig {
  double: QrDeploymentDouble;
  clock: FakeClock;
  data: ProfileData;
  outbox: Outbox;
  sync: Sync;
  /** Queues a change and waits until it is settled or refused; answers the item (null: settled). */
  run(mutation: OutboxMutation): Promise<{ item: OutboxItem | null; id: number | null }>;
  close(): Promise<void>;
}

const rigs: QrRig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});

async function openQrRig(options: QrDoubleOptions): Promise<QrRig> {
  const double = await startQrDeploymentDouble(options);
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-qr-'));
  const clock = new FakeClock();
  const data = openProfileData(dir, { clock, baseUrl: double.url });
  const client = createApiClient({ baseUrl: double.url, apiKey: () => double.key, timeoutMs: 5_000, retryDelayMs: 10 });
  const api = createProfileApi({ client, scheduler: createScheduler({ jitterMs: 0, defaultLimit: 1_000 }) });
  const connectivity = createConnectivity({ clock, probe: () => api.account.get(), minDelayMs: 10, maxDelayMs: 10 });
  const outbox = createOutbox({ mirror: data.mirror, api, connectivity, clock, retryMinMs: 20, baseUrl: double.url });
  outbox.start();
  const sync = createSync({ api, mirror: data.mirror, clock, connectivity });
  const rig: QrRig = {
    double,
    clock,
    data,
    outbox,
    sync,
    async run(mutation) {
      const op = outbox.enqueue(mutation);
      try {
        const result = await outbox.settled(op.opId);
        return { item: null, id: result.id };
      } catch {
        return { item: outbox.get(op.opId), id: null };
      }
    },
    async close() {
      await outbox.stop();
      await sync.stop();
      connectivity.close();
      api.close();
      data.close();
      await double.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  rigs.push(rig);
  return rig;
}

const posts = (r: QrRig) => r.double.requests.filter((q) => q.method === 'POST' && q.path === '/api/qr/add');

describe('QR codes on a 7.6 deployment', () => {
  it('creates, edits and deletes through the outbox exactly once, and the mirror follows', async () => {
    const r = await openQrRig({ version: '7.6' });
    const created = await r.run({ kind: 'qr.create', input: { type: 'link', data: 'https://example.com/menu', name: 'Menu', foreground: 'rgb(0,0,0)', background: 'rgb(255,255,255)' } });
    expect(created.item).toBeNull();
    expect(r.double.qrs).toHaveLength(1);
    expect(posts(r)).toHaveLength(1);
    expect(posts(r)[0]!.body).toEqual({ type: 'link', data: 'https://example.com/menu', name: 'Menu', foreground: 'rgb(0,0,0)', background: 'rgb(255,255,255)' });
    const id = created.id!;
    // The mirror knows what the code holds, though no list or detail of the service says it.
    expect(r.data.mirror.qr(id)).toMatchObject({ id, name: 'Menu', type: 'link', content: 'https://example.com/menu', pending: null, provisional: false, link: `${r.double.url}/qr/a${id}` });

    const edited = await r.run({ kind: 'qr.update', id, input: { data: 'https://example.com/menu-2', name: 'Menu 2' } });
    expect(edited.item).toBeNull();
    expect(r.double.qrs[0]).toMatchObject({ data: 'https://example.com/menu-2', name: 'Menu 2' });
    expect(r.data.mirror.qr(id)).toMatchObject({ name: 'Menu 2', content: 'https://example.com/menu-2', pending: null });

    await r.sync.refreshView({ kind: 'qrs' }, { force: true });
    const detail = await r.sync.openQr(id, { force: true });
    // details.data is the created date on deployments: it is read as the date, not the content.
    expect(detail.details).toMatchObject({ id, type: 'link', name: 'Menu 2', content: null, date: r.double.qrs[0]!.date });
    expect(detail.qr.content).toBe('https://example.com/menu-2');

    const deleted = await r.run({ kind: 'qr.delete', id });
    expect(deleted.item).toBeNull();
    expect(r.double.qrs).toEqual([]);
    expect(r.data.mirror.qr(id)).toBeNull();
  });

  it('an HTML 500 from the QR helper is a refusal in words, sent once and never retried', async () => {
    const r = await openQrRig({ version: '7.6' });
    const { item } = await r.run({ kind: 'qr.create', input: { type: 'phone', data: 'call me maybe' } });
    expect(item).toMatchObject({ state: 'failed', attempts: 1, lastError: { code: 'invalid-input', message: expect.stringMatching(/refused this QR code.*HTTP 500 with a web page/) } });
    await r.outbox.idle();
    await r.clock.advance(10 * 60_000);
    await r.outbox.idle();
    expect(posts(r)).toHaveLength(1);
    expect(r.double.qrs).toEqual([]);
    // What was typed is kept, refused, in the mirror and the outbox for the user to edit.
    expect(r.data.mirror.qrs().items).toMatchObject([{ provisional: true, failed: expect.stringMatching(/HTTP 500/), content: 'call me maybe' }]);
  });

  it('"You have reached your limit." reaches the user in those words', async () => {
    const r = await openQrRig({ version: '7.6', limit: 0 });
    const { item } = await r.run({ kind: 'qr.create', input: { type: 'text', data: 'Hello' } });
    expect(item).toMatchObject({ state: 'failed', lastError: { message: 'You have reached your limit.' } });
  });
});

/*
 * Issue 31, item 4: a create whose answer was lost (a reset, an empty 200, a proxy's HTML 502)
 * settles as soon as a look-up can tell. Made before the answer was lost: found by the look-up
 * at once, settled in seconds of the outbox's (fake) clock. Not made: nothing found at once, so
 * the create waits out the service's longest run (60 s), looks again, and is sent again. Either
 * way the deployment ends with exactly one code.
 */
describe('a QR code whose create answer was lost (7.6)', () => {
  const LONGEST_RUN = 60_000;
  for (const how of ['reset', 'empty-200', 'html-502'] as const) {
    it(`${how}, made before: looked up at once and settled in seconds, sent once`, async () => {
      const r = await openQrRig({ version: '7.6' });
      r.double.loseNextAnswer(how, true);
      const op = r.outbox.enqueue({ kind: 'qr.create', input: { type: 'text', data: 'Lost', name: `Lost ${how}` } });
      const took = await r.clock.runUntil(() => r.outbox.get(op.opId) === null, 5 * LONGEST_RUN, 100);
      const result = await r.outbox.settled(op.opId);
      expect(took).toBeLessThan(5_000);
      expect(r.double.qrs).toHaveLength(1);
      expect(result.id).toBe(r.double.qrs[0]!.id);
      expect(posts(r)).toHaveLength(1);
      expect(r.data.mirror.qr(result.id!)).toMatchObject({ name: `Lost ${how}`, type: 'text', content: 'Lost', pending: null });
    });

    it(`${how}, not made: waits out the longest run, looks again, sends again: one code`, async () => {
      const r = await openQrRig({ version: '7.6' });
      r.double.loseNextAnswer(how, false);
      const op = r.outbox.enqueue({ kind: 'qr.create', input: { type: 'text', data: 'Again', name: `Again ${how}` } });
      const took = await r.clock.runUntil(() => r.outbox.get(op.opId) === null, 5 * LONGEST_RUN, 1_000);
      const result = await r.outbox.settled(op.opId);
      expect(took).toBeGreaterThanOrEqual(LONGEST_RUN);
      expect(r.double.qrs).toHaveLength(1);
      expect(result.id).toBe(r.double.qrs[0]!.id);
      expect(posts(r)).toHaveLength(2);
      // Looked up at once and again before the second send.
      const calls = r.double.calls().filter((c) => c !== 'GET /api/account');
      expect(calls).toEqual(['POST /api/qr/add', 'GET /api/qr', 'GET /api/qr', 'POST /api/qr/add']);
    });
  }
});

describe('QR codes on older deployments', () => {
  it('6.1: lists say "title"; an update is "not offered", in words, and not retried', async () => {
    const r = await openQrRig({ version: '6.1' });
    const seeded = r.double.seed({ name: 'Old flyer', type: 'text', data: 'Hi' });
    await r.sync.refreshView({ kind: 'qrs' }, { force: true });
    expect(r.data.mirror.qrs().items).toMatchObject([{ id: seeded.id, name: 'Old flyer', type: null }]);
    const { item } = await r.run({ kind: 'qr.update', id: seeded.id, input: { data: 'Hello' } });
    expect(item).toMatchObject({ state: 'failed', attempts: 1, lastError: { code: 'invalid-input', message: expect.stringMatching(/does not offer editing QR codes/) } });
    expect(r.double.requests.filter((q) => q.method === 'PUT')).toHaveLength(1);
  });

  it('6.2: an update that changes the name is refused in words (the service kept it), the content taken', async () => {
    const r = await openQrRig({ version: '6.2' });
    const seeded = r.double.seed({ name: 'Flyer', type: 'text', data: 'Hi' });
    const { item } = await r.run({ kind: 'qr.update', id: seeded.id, input: { data: 'Hello', name: 'Poster' } });
    expect(item).toMatchObject({ state: 'failed', lastError: { message: expect.stringMatching(/kept its name.*before 6\.8/) } });
    expect(r.double.qrs[0]).toMatchObject({ name: 'Flyer', data: 'Hello' });
  });

  it('6.8: a QR code goes into a channel (assign/qr) and the mirror shows it there', async () => {
    const r = await openQrRig({ version: '6.8' });
    const seeded = r.double.seed({ name: 'In a channel', type: 'text', data: 'Hi' });
    await r.sync.refreshView({ kind: 'qrs' }, { force: true });
    const { item } = await r.run({ kind: 'channel.assign', channelId: 4, type: 'qr', itemId: seeded.id });
    expect(item).toBeNull();
    expect(r.double.qrs[0]!.channel).toBe(4);
    expect(r.data.mirror.channelItems(4).items).toMatchObject([{ type: 'qr', id: seeded.id, title: 'In a channel' }]);
  });

  it('7.6.3: a key without the QR permission (error with HTTP 200) is "not offered" in words, not a wrong key', async () => {
    const r = await openQrRig({ version: '7.6.3', noPermission: true });
    await r.sync.refreshView({ kind: 'qrs' }, { force: true });
    expect(r.data.mirror.qrs().notOffered?.message).toMatch(/may not manage QR codes.*You do not have permission/);
    const { item } = await r.run({ kind: 'qr.create', input: { type: 'text', data: 'Hi' } });
    expect(item).toMatchObject({ state: 'failed', attempts: 1, lastError: { code: 'invalid-input', message: expect.stringMatching(/may not manage QR codes/) } });
  });
});
