import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileData } from '../../../electron/backend/mirror/index.js';
import { createOutbox, type Outbox } from '../../../electron/backend/outbox/index.js';
import {
  createConnectivity,
  type Connectivity,
} from '../../../electron/backend/sync/connectivity.js';
import type { OutboxSummary } from '../../../electron/shared/models.js';
import { link, store, tempProfileData } from '../mirror/support/temp-mirror.js';
import { FakeClock, settle } from '../scheduler/support/fake-clock.js';
import { fail, FakeWrites } from './support/fake-writes.js';

let clock: FakeClock;
let fake: FakeWrites;
let data: ReturnType<typeof tempProfileData>;
let connectivity: Connectivity;
let outbox: Outbox;
let summaries: OutboxSummary[];
let refreshed: { kind: string; id: number }[];

function makeOutbox(): Outbox {
  return createOutbox({
    mirror: data.mirror,
    api: fake.api,
    connectivity,
    clock,
    onChange: (s) => summaries.push(s),
    refresh: (t) => refreshed.push(t),
  });
}

beforeEach(() => {
  clock = new FakeClock();
  fake = new FakeWrites();
  data = tempProfileData({ clock });
  connectivity = createConnectivity({ clock, probe: async () => ({}) });
  summaries = [];
  refreshed = [];
  outbox = makeOutbox();
});

/** Stops the outbox, letting the fake clock run through the grace a request on the wire gets. */
async function stop(): Promise<void> {
  const stopped = outbox.stop();
  await clock.advance(2_000);
  await stopped;
}

afterEach(async () => {
  await stop();
  data.dispose();
});

describe('sending', () => {
  it('sends in order at user priority with the stored Idempotency-Key', async () => {
    const a = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/a' } });
    outbox.enqueue({ kind: 'channel.create', input: { name: 'C' } });
    outbox.enqueue({ kind: 'link.delete', id: 5 });
    outbox.start();
    await outbox.idle();
    expect(fake.methods()).toEqual(['links.create', 'channels.create', 'links.delete']);
    expect(fake.calls.every((c) => c.priority === 'user')).toBe(true);
    expect(fake.calls[0]!.idempotencyKey).toEqual(expect.any(String));
    expect(fake.calls[0]!.idempotencyKey).not.toBe(a.opId);
    expect(outbox.summary()).toEqual({ queued: 0, failed: 0, sending: false });
    expect(summaries.some((s) => s.sending)).toBe(true);
  });

  it('answers a wait that starts after the change was already sent', async () => {
    const op = outbox.enqueue({ kind: 'channel.create', input: { name: 'Sent already' } });
    outbox.start();
    await outbox.idle();
    expect(outbox.get(op.opId)).toBeNull();
    const result = await outbox.settled(op.opId);
    expect(result.opId).toBe(op.opId);
    expect(result.id).toEqual(expect.any(Number));
  });

  it('retries a transient failure with a growing delay, holding back only what must follow it', async () => {
    fake.on(
      'links.update',
      fail('remote-error', 'Bad gateway', 502),
      fail('remote-error', 'Bad gateway', 502),
    );
    const first = outbox.enqueue({
      kind: 'link.update',
      id: 1,
      input: { url: 'https://example.com/1' },
    });
    const sameLink = outbox.enqueue({ kind: 'link.delete', id: 1 });
    outbox.enqueue({ kind: 'link.delete', id: 2 });
    outbox.start();
    await settle();
    expect(outbox.get(first.opId)).toMatchObject({
      state: 'queued',
      attempts: 1,
      nextAttemptAt: clock.now() + 2_000,
      lastError: { code: 'remote-error' },
    });
    // Another link's change goes on; the delete of the same link waits, and says for what.
    expect(fake.calls.map((c) => [c.method, c.args[0]])).toEqual([
      ['links.update', 1],
      ['links.delete', 2],
    ]);
    expect(outbox.get(sameLink.opId)).toMatchObject({ state: 'queued', blockedBy: first.opId });
    await clock.advance(2_000);
    expect(fake.methods()).toEqual(['links.update', 'links.delete', 'links.update']);
    await clock.advance(3_999);
    expect(fake.methods()).toHaveLength(3);
    await clock.advance(1);
    expect(fake.calls.map((c) => [c.method, c.args[0]])).toEqual([
      ['links.update', 1],
      ['links.delete', 2],
      ['links.update', 1],
      ['links.update', 1],
      ['links.delete', 1],
    ]);
    // The same key every time: the service may replay instead of doing it twice.
    const updates = fake.calls.filter((c) => c.method === 'links.update');
    expect(new Set(updates.map((c) => c.idempotencyKey)).size).toBe(1);
  });

  it('keeps a change whose key was refused queued (the user can fix the key), not failed', async () => {
    fake.on('links.delete', fail('unauthorized', 'The API key is not valid.'));
    const op = outbox.enqueue({ kind: 'link.delete', id: 3 });
    outbox.start();
    await settle();
    expect(outbox.get(op.opId)).toMatchObject({
      state: 'queued',
      lastError: { code: 'unauthorized', message: 'The API key is not valid.' },
    });
    await clock.advance(2_000);
    expect(outbox.get(op.opId)).toBeNull();
  });

  it('takes a delete of something already gone as done', async () => {
    store(data, [link(4)]);
    fake.on('links.delete', fail('not-found', 'Link 4 was not found.'));
    outbox.enqueue({ kind: 'link.delete', id: 4 });
    expect(data.mirror.link(4)?.pending).toBe('delete');
    outbox.start();
    await outbox.idle();
    expect(outbox.list()).toEqual([]);
    expect(data.mirror.link(4)).toBeNull();
  });

  it('waits while offline and sends as soon as the service answers again', async () => {
    fake.on('links.create', fail('offline', 'Could not reach the service.'));
    const op = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/x' } });
    outbox.start();
    await settle();
    expect(connectivity.isOnline()).toBe(false);
    // The request may have reached the service: it is looked up as soon as the service answers
    // again; sent again only once the service's longest run (60 s by default) since it left is
    // over and a second look-up still finds nothing.
    const sentAt = clock.now();
    expect(outbox.get(op.opId)).toMatchObject({ state: 'queued', outcomeUnknown: true, nextAttemptAt: null });
    await clock.advance(2_000); // the probe answers
    await outbox.idle();
    expect(connectivity.isOnline()).toBe(true);
    expect(fake.methods()).toEqual(['links.create', 'links.list']);
    expect(outbox.get(op.opId)).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: sentAt + 60_000 });
    await clock.advance(57_999);
    await outbox.idle();
    expect(fake.methods()).toEqual(['links.create', 'links.list']);
    await clock.advance(1);
    await outbox.idle();
    // Looked up again (nothing found), then sent again.
    expect(fake.methods()).toEqual(['links.create', 'links.list', 'links.list', 'links.create']);
    expect(outbox.get(op.opId)).toBeNull();
  });

  it('sends again at once what surely never left (connection refused)', async () => {
    fake.on(
      'links.create',
      Object.assign(fail('offline', 'Could not reach the service (ECONNREFUSED).'), {
        cause: { cause: { code: 'ECONNREFUSED' } },
      }),
    );
    const op = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/r' } });
    outbox.start();
    await settle();
    expect(outbox.get(op.opId)).toMatchObject({ outcomeUnknown: false, nextAttemptAt: null });
    await clock.advance(2_000); // the probe answers
    await outbox.idle();
    // Nothing to look up: it never reached the service.
    expect(fake.methods()).toEqual(['links.create', 'links.create']);
    expect(outbox.get(op.opId)).toBeNull();
  });
});

describe('stopping and starting', () => {
  it('makes an operation stopped on the wire "outcome unknown", looked up at the next start', async () => {
    fake.on('links.create', 'hang');
    const op = outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/h', custom: 'h' },
    });
    outbox.start();
    await settle();
    expect(outbox.get(op.opId)?.state).toBe('sending');
    // Still on the wire when the grace is over: cancelled, its outcome unknown.
    await stop();
    expect(outbox.get(op.opId)).toMatchObject({ state: 'queued', outcomeUnknown: true });
    // Meanwhile the service did make it.
    fake.links.push({
      id: 77,
      alias: 'h',
      shortUrl: 'https://s.test/h',
      longUrl: 'https://example.com/h',
      clicks: 0,
      title: '',
      description: '',
      date: '',
    });
    outbox = makeOutbox();
    outbox.start();
    const settled = outbox.settled(op.opId);
    // Looked up at once: it is there, so it settles without waiting out the service's longest run.
    const result = await settled;
    expect(result.id).toBe(77);
    expect(fake.methods()).toEqual(['links.create', 'links.getByShort']);
    expect(data.mirror.link(77)).toMatchObject({ alias: 'h', pending: null });
  });
});

describe('stopping while a request is on the wire', () => {
  it('lets it finish within the grace: a refused connection stays known as never sent', async () => {
    let refuse: () => void = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const unreachable = Object.assign(fail('offline', 'Could not reach the service (ECONNREFUSED).'), {
      cause: { cause: { code: 'ECONNREFUSED' } },
    });
    fake.on('links.create', { until: refused, then: unreachable });
    const op = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/g' } });
    outbox.start();
    await settle();
    expect(outbox.get(op.opId)?.state).toBe('sending');
    const stopped = outbox.stop();
    await clock.advance(500);
    refuse();
    await stopped;
    expect(outbox.get(op.opId)).toMatchObject({
      state: 'queued',
      outcomeUnknown: false,
      lastError: { code: 'offline' },
    });
  });
});

describe('waiting in the queue (the request has not left)', () => {
  it('leaves a change stopped before its request left as it was: sent at once at the next start, nothing looked up', async () => {
    // Waits for the rate budget, and the app closes meanwhile.
    fake.on('links.create', 'held');
    const op = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/w' } });
    outbox.start();
    await settle();
    expect(fake.held).toEqual(['links.create']);
    expect(outbox.get(op.opId)).toMatchObject({ state: 'queued', attempts: 0 });
    // Cancelled at once, without a grace: it is not on the wire.
    await outbox.stop();
    // Nothing of it can have reached the service: no "outcome unknown", no try counted.
    expect(outbox.get(op.opId)).toMatchObject({
      state: 'queued',
      attempts: 0,
      outcomeUnknown: false,
      nextAttemptAt: null,
    });
    outbox = makeOutbox();
    outbox.start();
    const result = await outbox.settled(op.opId);
    expect(result.id).toEqual(expect.any(Number));
    // Sent at once: no look-up first, no wait for the service's longest run.
    expect(fake.methods()).toEqual(['links.create']);
  });

  it('cancels the attempt of a change discarded while it waits in the queue: it is never sent', async () => {
    fake.on('links.create', 'held');
    const op = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/d' } });
    const next = outbox.enqueue({ kind: 'channel.create', input: { name: 'After' } });
    outbox.start();
    await settle();
    outbox.discard(op.opId);
    await outbox.idle();
    expect(outbox.get(op.opId)).toBeNull();
    // The one after it goes on; the discarded one never left.
    expect(fake.methods()).toEqual(['channels.create']);
    expect(outbox.get(next.opId)).toBeNull();
  });

  it('edits a change whose attempt waits in the queue: the edited one is sent, never the old one', async () => {
    fake.on('links.update', 'held');
    const op = outbox.enqueue({ kind: 'link.update', id: 3, input: { url: 'https://example.com/old' } });
    outbox.start();
    await settle();
    outbox.retry(op.opId, { kind: 'link.update', id: 3, input: { url: 'https://example.com/new' } });
    await outbox.idle();
    expect(fake.calls.map((c) => c.args)).toEqual([[3, { url: 'https://example.com/new' }]]);
  });
});

describe('refusals, edits and discards', () => {
  it("keeps a refusal as failed with the service's words while later changes go on", async () => {
    fake.on('channels.create', fail('invalid-input', 'The field "name" is too long.'));
    const bad = outbox.enqueue({ kind: 'channel.create', input: { name: 'x'.repeat(300) } });
    const good = outbox.enqueue({ kind: 'channel.create', input: { name: 'Ok' } });
    outbox.start();
    await outbox.idle();
    expect(outbox.get(bad.opId)).toMatchObject({
      state: 'failed',
      lastError: { code: 'invalid-input', message: 'The field "name" is too long.' },
    });
    expect(outbox.get(good.opId)).toBeNull();
    expect(data.mirror.channels().items).toMatchObject([
      { name: 'Ok', pending: null, provisional: false },
      { id: bad.provisionalId, pending: 'create', failed: 'The field "name" is too long.' },
    ]);
    expect(outbox.summary()).toEqual({ queued: 0, failed: 1, sending: false });
    // Retried as it was: a new request (new key); edited: the mirror shows the edit at once.
    const key = fake.calls[0]!.idempotencyKey;
    fake.on('channels.create', fail('invalid-input', 'Still too long.'));
    outbox.retry(bad.opId);
    await outbox.idle();
    expect(fake.calls[2]!.idempotencyKey).not.toBe(key);
    outbox.retry(bad.opId, { kind: 'channel.create', input: { name: 'Shorter' } });
    expect(data.mirror.channel(bad.provisionalId!)).toMatchObject({
      name: 'Shorter',
      pending: 'create',
      failed: null,
    });
    await outbox.idle();
    expect(data.mirror.channels().items.map((c) => [c.name, c.pending])).toEqual([
      ['Ok', null],
      ['Shorter', null],
    ]);
  });

  it('lets a queued change be edited only until it may have reached the service', async () => {
    const op = outbox.enqueue({
      kind: 'link.update',
      id: 1,
      input: { url: 'https://example.com/1' },
    });
    outbox.retry(op.opId, {
      kind: 'link.update',
      id: 1,
      input: { url: 'https://example.com/one' },
    });
    expect(outbox.get(op.opId)?.mutation).toEqual({
      kind: 'link.update',
      id: 1,
      input: { url: 'https://example.com/one' },
    });
    expect(() => outbox.retry(op.opId, { kind: 'link.delete', id: 1 })).toThrow(/same kind/);
    fake.on('links.update', fail('remote-error', 'Bad gateway', 502));
    outbox.start();
    await settle();
    expect(() =>
      outbox.retry(op.opId, { kind: 'link.update', id: 1, input: { url: 'https://x.test' } }),
    ).toThrow(/may already have reached/);
  });

  it('discards a change and asks for the object to be read again; refuses while it is on the wire', async () => {
    store(data, [link(9, { title: 'Old' })]);
    fake.on('links.update', fail('invalid-input', 'The URL is not valid.'));
    const op = outbox.enqueue({
      kind: 'link.update',
      id: 9,
      input: { url: 'nope', metaTitle: 'New' },
    });
    expect(data.mirror.link(9)).toMatchObject({ title: 'New', pending: 'update' });
    outbox.start();
    await outbox.idle();
    expect(data.mirror.link(9)).toMatchObject({ pending: null, failed: 'The URL is not valid.' });
    outbox.discard(op.opId);
    expect(data.mirror.link(9)).toMatchObject({ pending: null, failed: null });
    expect(refreshed).toEqual([
      { kind: 'link', id: 9 },
      { kind: 'link', id: 9 },
    ]);

    fake.on('links.delete', 'hang');
    const hanging = outbox.enqueue({ kind: 'link.delete', id: 9 });
    await settle();
    expect(() => outbox.discard(hanging.opId)).toThrow(/being sent/);
  });

  it('holds changes to a refused create until it is retried, and sends them under its new id', async () => {
    fake.on('campaigns.create', fail('invalid-input', 'Slug taken.'));
    const campaign = outbox.enqueue({ kind: 'campaign.create', input: { name: 'Q3', slug: 'q3' } });
    store(data, [link(1)]);
    const assign = outbox.enqueue({
      kind: 'campaign.assign',
      campaignId: campaign.provisionalId!,
      linkId: 1,
    });
    outbox.enqueue({ kind: 'link.delete', id: 2 });
    expect(data.mirror.link(1)).toMatchObject({
      campaignId: campaign.provisionalId,
      pending: 'update',
    });
    outbox.start();
    await outbox.idle();
    expect(fake.methods()).toEqual(['campaigns.create', 'links.delete']);
    expect(outbox.get(assign.opId)).toMatchObject({ state: 'queued', blockedBy: campaign.opId });
    outbox.retry(campaign.opId, {
      kind: 'campaign.create',
      input: { name: 'Q3', slug: 'q3-2026' },
    });
    await outbox.idle();
    const realId = outbox.resolveId(campaign.provisionalId!)!;
    expect(fake.calls.at(-1)).toMatchObject({ method: 'campaigns.assign', args: [realId, 1] });
    expect(data.mirror.link(1)).toMatchObject({ campaignId: realId, pending: null });
  });
});

describe('provisional ids', () => {
  it("are taken as the service's ids when a view still holds one after its create was answered", async () => {
    const create = outbox.enqueue({ kind: 'link.create', input: { url: 'https://example.com/p' } });
    outbox.start();
    const { id } = await outbox.settled(create.opId);
    const update = outbox.enqueue({
      kind: 'link.update',
      id: create.provisionalId!,
      input: { url: 'https://example.com/q' },
    });
    expect(update.mutation).toMatchObject({ id });
    expect(data.mirror.link(id!)).toMatchObject({
      pending: 'update',
      longUrl: 'https://example.com/q',
    });
    await outbox.idle();
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'links.update',
      args: [id, { url: 'https://example.com/q' }],
    });
  });
});

describe('durability', () => {
  it('has every change on disk when enqueue returns, before anything is sent', () => {
    outbox.enqueue({ kind: 'domain.create', input: { domain: 'https://go.brand.test' } });
    outbox.enqueue({
      kind: 'pixel.create',
      input: { type: 'gtmpixel', name: 'GTM', tag: 'GTM-1' },
    });
    // Another connection to the same file (another process after a crash) sees them already.
    const other = openProfileData(data.dir);
    const rows = other.sql.all<{ kind: string; state: string }>(
      'SELECT kind, state FROM outbox ORDER BY seq',
    );
    other.close();
    expect(rows).toEqual([
      { kind: 'domain.create', state: 'queued' },
      { kind: 'pixel.create', state: 'queued' },
    ]);
    expect(data.mirror.domains().items).toMatchObject([
      { domain: 'https://go.brand.test', pending: 'create' },
    ]);
    expect(data.mirror.pixels().items).toMatchObject([{ name: 'GTM', pending: 'create' }]);
  });
});
