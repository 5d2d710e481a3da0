import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../electron/backend/api/client.js';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { createOutbox, type Outbox } from '../../electron/backend/outbox/index.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createConnectivity, type Connectivity } from '../../electron/backend/sync/index.js';
import type { LinkSummary } from '../../electron/shared/models.js';
import { startTestService, type TestService } from '../support/service.js';
import { faultFetch, type FaultFetch } from '../unit/outbox/support/fault-fetch.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * The outbox against the real local service: order, pending marks, offline queueing, lost
 * answers looked up instead of sent again, refusals kept with the service's words, edit and
 * retry, discard, and a restart in the middle of the queue.
 */

let service: TestService;
let dir: string;
let client: ApiClient;

beforeEach(async () => {
  service = await startTestService({ rateLimit: 0 });
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-outbox-'));
  client = createApiClient({ baseUrl: service.url, apiKey: () => service.key });
});

afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const cleanups: (() => Promise<void> | void)[] = [];

interface Harness {
  data: ProfileData;
  api: ProfileApi;
  faults: FaultFetch;
  connectivity: Connectivity;
  outbox: Outbox;
}

/** Opens the profile's data and an outbox on it (as the app does at start). */
function open(options: { start?: boolean } = {}): Harness {
  const data = openProfileData(dir, { baseUrl: service.url });
  const faults = faultFetch();
  const api = profileApiFor(service.url, service.key, { fetch: faults.fetch, postAttempts: 1 });
  const connectivity = createConnectivity({
    clock: { now: Date.now, setTimeout: () => 0, clearTimeout: () => {} },
    probe: () => api.account.get(),
  });
  // The local service does all its work before it answers: a lost answer can be looked up at once.
  const outbox = createOutbox({
    mirror: data.mirror,
    api,
    connectivity,
    retryMinMs: 5,
    serverMaxExecutionMs: 0,
    baseUrl: service.url,
  });
  if (options.start !== false) outbox.start();
  const h = { data, api, faults, connectivity, outbox };
  cleanups.push(async () => {
    await outbox.stop();
    api.close();
    data.close();
  });
  return h;
}

async function serverLinks(): Promise<LinkSummary[]> {
  const page = await client.links.list({ limit: 100 });
  return [...page.items].sort((a, b) => a.id - b.id);
}

describe('outbox', () => {
  it('shows changes at once as pending and sends them in order, provisional ids resolved', async () => {
    const h = open({ start: false });
    const create = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/a', custom: 'first-a' },
    });
    const pid = create.provisionalId!;
    expect(pid).toBeLessThan(0);
    const channel = h.outbox.enqueue({ kind: 'channel.create', input: { name: 'Launch' } });
    h.outbox.enqueue({
      kind: 'link.update',
      id: pid,
      input: { url: 'https://example.com/a2', metaTitle: 'A two' },
    });
    h.outbox.enqueue({
      kind: 'channel.assign',
      channelId: channel.provisionalId!,
      type: 'links',
      itemId: pid,
    });

    // Nothing sent yet: the mirror already shows the link, pending, in its channel.
    const shown = h.data.mirror.link(pid)!;
    expect(shown).toMatchObject({
      provisional: true,
      pending: 'create',
      longUrl: 'https://example.com/a2',
      title: 'A two',
      channelId: channel.provisionalId,
    });
    expect(h.data.mirror.links({ filters: { outbox: 'pending' } }).total).toBe(1);
    expect(h.data.mirror.channels().items).toMatchObject([
      { name: 'Launch', pending: 'create', provisional: true },
    ]);
    expect(h.outbox.list().map((i) => i.mutation.kind)).toEqual([
      'link.create',
      'channel.create',
      'link.update',
      'channel.assign',
    ]);
    expect(h.outbox.summary()).toEqual({ queued: 4, failed: 0, sending: false });

    h.outbox.start();
    const result = await h.outbox.settled(create.opId);
    await h.outbox.idle();

    const realId = result.id!;
    expect(h.outbox.resolveId(pid)).toBe(realId);
    expect(h.outbox.list()).toEqual([]);
    const onServer = await client.links.get(realId);
    expect(onServer).toMatchObject({
      longUrl: 'https://example.com/a2',
      alias: 'first-a',
      channel: h.outbox.resolveId(channel.provisionalId!),
    });
    const mirrored = h.data.mirror.link(realId)!;
    expect(mirrored).toMatchObject({
      provisional: false,
      pending: null,
      failed: null,
      shortUrl: `${service.url}/first-a`,
      longUrl: 'https://example.com/a2',
    });
    expect(h.data.mirror.link(pid)).toBeNull();
    expect(h.data.mirror.channels().items).toMatchObject([
      { name: 'Launch', pending: null, provisional: false },
    ]);
  });

  it('queues while the service is unreachable and sends everything in order when it is back', async () => {
    const h = open();
    h.faults.offline = true;
    const urls = Array.from({ length: 5 }, (_, i) => `https://example.com/offline-${i}`);
    const first = h.outbox.enqueue({ kind: 'link.create', input: { url: urls[0]! } });
    await h.outbox.idle();
    expect(h.connectivity.isOnline()).toBe(false);
    for (const url of urls.slice(1)) h.outbox.enqueue({ kind: 'link.create', input: { url } });
    await h.outbox.idle();
    expect(h.outbox.summary()).toMatchObject({ queued: 5, failed: 0 });
    // The connection was refused: the request never left, so there is nothing to look up.
    expect(h.outbox.get(first.opId)).toMatchObject({
      state: 'queued',
      outcomeUnknown: false,
      nextAttemptAt: null,
      lastError: { code: 'offline' },
    });
    expect(await serverLinks()).toEqual([]);

    h.faults.offline = false;
    expect(await h.connectivity.probeNow()).toBe(true);
    await h.outbox.idle();
    const links = await serverLinks();
    expect(links.map((l) => l.longUrl)).toEqual(urls);
    expect(h.outbox.summary()).toMatchObject({ queued: 0, failed: 0 });
    expect(h.data.mirror.links({ filters: { outbox: 'any' } }).total).toBe(0);
  });

  it('looks a create up when its answer was lost, instead of sending it again', async () => {
    const h = open();
    h.faults.on('POST', /^\/api\/url\/add$/, 'lose-answer');
    const op = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/lost' },
    });
    await h.outbox.idle();
    expect(h.outbox.get(op.opId)).toMatchObject({ state: 'queued', outcomeUnknown: true });
    expect(await serverLinks()).toHaveLength(1);

    await h.connectivity.probeNow();
    const result = await h.outbox.settled(op.opId);
    const links = await serverLinks();
    expect(links).toHaveLength(1);
    expect(result.id).toBe(links[0]!.id);
    expect(h.faults.sent.filter((s) => s === 'POST /api/url/add')).toHaveLength(1);
    expect(h.data.mirror.link(links[0]!.id)).toMatchObject({
      pending: null,
      shortUrl: links[0]!.shortUrl,
    });
  });

  it('looks a lost create with a custom alias up by its short URL', async () => {
    const h = open();
    h.faults.on('POST', /^\/api\/url\/add$/, 'lose-answer');
    const op = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/mine', custom: 'mine' },
    });
    await h.outbox.idle();
    await h.connectivity.probeNow();
    const result = await h.outbox.settled(op.opId);
    expect((await serverLinks()).map((l) => l.alias)).toEqual(['mine']);
    expect(result.id).toEqual(expect.any(Number));
    expect(h.faults.sent.filter((s) => s === 'POST /api/url/add')).toHaveLength(1);
    expect(h.faults.sent).toContain('GET /api/urls');
  });

  it("keeps a refused change as failed with the service's words; later changes still go; edit and retry; discard", async () => {
    const h = open();
    await client.links.create({ url: 'https://example.com/taken', custom: 'taken' });
    const refused = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/mine', custom: 'taken' },
    });
    const dependent = h.outbox.enqueue({
      kind: 'link.update',
      id: refused.provisionalId!,
      input: { url: 'https://example.com/mine2' },
    });
    const bad = h.outbox.enqueue({ kind: 'link.create', input: { url: 'javascript:alert(1)' } });
    const fine = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/fine' },
    });
    await expect(h.outbox.settled(refused.opId)).rejects.toMatchObject({
      info: { message: expect.stringMatching(/taken/) },
    });
    await h.outbox.settled(fine.opId);
    await h.outbox.idle();

    expect(h.outbox.get(refused.opId)).toMatchObject({
      state: 'failed',
      lastError: { code: 'invalid-input', message: expect.stringMatching(/already taken/) },
    });
    expect(h.outbox.get(dependent.opId)).toMatchObject({
      state: 'queued',
      blockedBy: refused.opId,
    });
    expect(h.outbox.get(bad.opId)).toMatchObject({ state: 'failed' });
    expect(h.data.mirror.link(refused.provisionalId!)).toMatchObject({
      pending: 'create',
      failed: expect.stringMatching(/already taken/),
    });
    expect(h.data.mirror.links({ filters: { outbox: 'failed' } }).total).toBe(2);
    expect((await serverLinks()).map((l) => l.longUrl)).toEqual([
      'https://example.com/taken',
      'https://example.com/fine',
    ]);

    // Edit (another alias) and retry: it goes, and so does the change that waited for it.
    h.outbox.retry(refused.opId, {
      kind: 'link.create',
      input: { url: 'https://example.com/mine', custom: 'not-taken' },
    });
    const retried = await h.outbox.settled(refused.opId);
    await h.outbox.idle();
    expect(h.outbox.get(dependent.opId)).toBeNull();
    expect(await client.links.get(retried.id!)).toMatchObject({
      alias: 'not-taken',
      longUrl: 'https://example.com/mine2',
    });

    // Discard: the refused link leaves the mirror and the outbox; nothing else does.
    h.outbox.discard(bad.opId);
    expect(h.outbox.list()).toEqual([]);
    expect(h.data.mirror.link(bad.provisionalId!)).toBeNull();
    expect(h.data.mirror.links({ filters: { outbox: 'any' } }).total).toBe(0);
  });

  it('fails the changes made to a create that is discarded', async () => {
    const h = open({ start: false });
    const create = h.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/x' },
    });
    const update = h.outbox.enqueue({
      kind: 'link.update',
      id: create.provisionalId!,
      input: { url: 'https://example.com/y' },
    });
    h.outbox.discard(create.opId);
    expect(h.outbox.get(update.opId)).toMatchObject({
      state: 'failed',
      lastError: { message: expect.stringMatching(/discarded/) },
    });
    h.outbox.start();
    await h.outbox.idle();
    expect(await serverLinks()).toEqual([]);
  });

  it('survives a restart in the middle of the queue: nothing lost, nothing duplicated', async () => {
    const first = open();
    const urls = Array.from({ length: 20 }, (_, i) => `https://example.com/restart-${i}`);
    // The 8th create reaches the service, and then the app "dies" before the answer arrives.
    first.faults.on('POST', /^\/api\/url\/add$/, 'hang-after-send', { after: 7 });
    for (const url of urls) first.outbox.enqueue({ kind: 'link.create', input: { url } });
    await first.faults.hung;
    expect((await serverLinks()).length).toBe(8);
    expect(first.outbox.list().filter((i) => i.state === 'sending')).toHaveLength(1);
    // Killed: the file is closed under the outbox, which never hears its answer.
    first.data.close();
    cleanups.splice(0);

    const second = open();
    await second.outbox.idle();
    const links = await serverLinks();
    expect(links.map((l) => l.longUrl)).toEqual(urls);
    expect(second.outbox.summary()).toEqual({ queued: 0, failed: 0, sending: false });
    expect(
      second.data.mirror
        .links({ limit: 100 })
        .items.every((l) => !l.provisional && l.pending === null),
    ).toBe(true);
    expect(second.data.mirror.linkCount()).toBe(20);
    // The one on the wire at the "crash" was looked up, not sent again: 12 more creates, not 13.
    expect(second.faults.sent.filter((s) => s === 'POST /api/url/add')).toHaveLength(12);
  });
});
