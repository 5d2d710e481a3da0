import { describe, expect, it } from 'vitest';
import type { MissingRoute } from '../support/deployment-double.js';
import { MAX_EXECUTION_MS, rigsClosedAfterEach } from './support/deployment-rig.js';

/*
 * One operation that cannot succeed never holds back the others. Against a scripted double of
 * a real deployment: a route it does not offer (6.1 has no channel routes) fails the operation
 * for good, in words, while independent operations go on and only those that depend on it wait
 * (and say for what); an operation waiting for its retry time, or for the service to finish a
 * create whose answer was lost, holds back only what must follow it.
 */

const rig = rigsClosedAfterEach();

describe('a service without channel routes', () => {
  it.each<{ answer: MissingRoute; said: string }>([
    { answer: 'html-404', said: '404' },
    { answer: 'html-200', said: 'a web page with HTTP 200' },
    { answer: 'json-404', said: '404' },
    { answer: 'status-405', said: '405' },
  ])(
    'answering $answer: the channel create fails in words, independent changes go, the link that names the channel waits',
    async ({ answer, said }) => {
      const r = await rig({ double: { missing: [{ prefix: '/api/channel', answer }] } });
      const channel = r.outbox.enqueue({ kind: 'channel.create', input: { name: 'News' } });
      const plain = r.outbox.enqueue({
        kind: 'link.create',
        input: { url: 'https://example.com/plain' },
      });
      const inChannel = r.outbox.enqueue({
        kind: 'link.create',
        input: { url: 'https://example.com/in-news', channel: channel.provisionalId! },
      });
      const campaign = r.outbox.enqueue({ kind: 'campaign.create', input: { name: 'Q3' } });
      const refused = r.outbox.settled(channel.opId);
      refused.catch(() => undefined);

      const link = await r.outbox.settled(plain.opId);
      const made = await r.outbox.settled(campaign.opId);
      // A web page in HTTP 200 counts as "no such route" once the service has answered JSON:
      // the first answer was retried (it may have made something), looked up, then refused.
      await r.outbox.idle();
      await r.clock.advance(MAX_EXECUTION_MS);
      const words = `This service does not offer creating channels (it answered ${said} to POST /api/channel/add). It may be an older version.`;
      await expect(refused).rejects.toMatchObject({ info: { message: words } });
      await r.outbox.idle();

      // The server: the independent link and the campaign, no channel.
      expect(r.double.objects.link.map((l) => l['longurl'])).toEqual(['https://example.com/plain']);
      expect(r.double.objects.campaign.map((c) => c.id)).toEqual([made.id]);
      expect(r.double.objects.channel).toEqual([]);
      // The outbox: the refusal kept with the service's words; the link naming it waits for it.
      expect(r.outbox.list()).toMatchObject([
        {
          opId: channel.opId,
          state: 'failed',
          lastError: { code: 'invalid-input', message: words },
        },
        { opId: inChannel.opId, state: 'queued', blockedBy: channel.opId, attempts: 0 },
      ]);
      expect(r.outbox.summary()).toEqual({ queued: 1, failed: 1, sending: false });
      // The mirror: what went through under real ids; the rest still marked.
      expect(r.mirrored('link', link.id!)).toMatchObject({
        pending: null,
        failed: null,
        provisional: false,
      });
      expect(r.mirrored('campaign', made.id!)).toMatchObject({ pending: null, provisional: false });
      expect(r.mirrored('channel', channel.provisionalId!)).toMatchObject({
        pending: 'create',
        failed: words,
      });
      expect(r.mirrored('link', inChannel.provisionalId!)).toMatchObject({
        pending: 'create',
        provisional: true,
        channelId: channel.provisionalId,
      });

      // Discarded: the link that named the channel cannot be sent, and says so.
      r.outbox.discard(channel.opId);
      await expect(r.outbox.settled(inChannel.opId)).rejects.toMatchObject({
        info: { message: expect.stringMatching(/creation was discarded/) },
      });
      expect(r.double.objects.link).toHaveLength(1);
    },
  );
});

describe('an operation waiting to be tried again', () => {
  it('after a 503: independent changes go on, a change to the same link waits and says for what', async () => {
    const r = await rig();
    r.double.onCreate('link', { then: 'unavailable' });
    const first = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/x' },
    });
    const other = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/y' },
    });
    const update = r.outbox.enqueue({
      kind: 'link.update',
      id: first.provisionalId!,
      input: { url: 'https://example.com/x2' },
    });
    const campaign = r.outbox.enqueue({ kind: 'campaign.create', input: { name: 'Later' } });

    const y = await r.outbox.settled(other.opId);
    const z = await r.outbox.settled(campaign.opId);
    await r.outbox.idle();
    expect(r.outbox.list()).toMatchObject([
      { opId: first.opId, state: 'queued', attempts: 1, lastError: { code: 'remote-error' } },
      { opId: update.opId, state: 'queued', attempts: 0, blockedBy: first.opId },
    ]);
    expect(r.outbox.get(first.opId)!.nextAttemptAt).toBeGreaterThan(r.clock.now());
    expect(r.double.objects.link.map((l) => l.id)).toEqual([y.id]);
    expect(r.double.objects.campaign.map((c) => c.id)).toEqual([z.id]);

    // A 503 may come after the service acted: looked up once it had time to finish, then sent.
    r.double.onCreate('link', { then: 'unavailable' });
    await r.clock.advance(MAX_EXECUTION_MS);
    await r.outbox.idle();
    expect(r.outbox.get(first.opId)).toMatchObject({ state: 'queued', attempts: 2 });
    await r.clock.advance(MAX_EXECUTION_MS);
    const x = await r.outbox.settled(first.opId);
    await r.outbox.settled(update.opId);

    expect(r.double.objects.link.map((l) => [l.id, l['longurl']])).toEqual([
      [y.id, 'https://example.com/y'],
      [x.id, 'https://example.com/x2'],
    ]);
    const writes = r.double.calls().filter((c) => !c.startsWith('GET'));
    expect(writes).toEqual([
      'POST /api/url/add',
      'POST /api/url/add',
      'POST /api/campaign/add',
      'POST /api/url/add',
      'POST /api/url/add',
      `PUT /api/url/${x.id}/update`,
    ]);
    expect(r.outbox.list()).toEqual([]);
    expect(r.mirrored('link', x.id!)).toMatchObject({
      pending: null,
      failed: null,
      longUrl: 'https://example.com/x2',
    });
  });

  it('for the service to finish a create whose answer was lost: others go on; a create of the same URL waits', async () => {
    const r = await rig();
    // Lost before it was made: the look-up at once finds nothing, so the create waits out the
    // service's longest run before it looks again and is sent again (one found at once settles:
    // see outbox-lost-creates.test.ts).
    r.double.onCreate('link', { then: 'drop-unmade' });
    const lost = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/same' },
    });
    await r.whenItem(lost.opId, (i) => i?.outcomeUnknown === true && i.state === 'queued');
    expect(await r.connectivity.probeNow()).toBe(true);
    const other = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/other' },
    });
    // A look-up could not tell the two apart: the second waits for the first.
    const twin = r.outbox.enqueue({
      kind: 'link.create',
      input: { url: 'https://example.com/same' },
    });

    const o = await r.outbox.settled(other.opId);
    await r.outbox.idle();
    expect(r.outbox.list()).toMatchObject([
      { opId: lost.opId, state: 'queued', outcomeUnknown: true },
      { opId: twin.opId, state: 'queued', attempts: 0, blockedBy: lost.opId },
    ]);
    expect(r.double.objects.link.map((l) => l['longurl'])).toEqual(['https://example.com/other']);

    await r.clock.advance(MAX_EXECUTION_MS);
    const first = await r.outbox.settled(lost.opId);
    const second = await r.outbox.settled(twin.opId);
    expect(r.double.objects.link.map((l) => [l.id, l['longurl']])).toEqual([
      [o.id, 'https://example.com/other'],
      [first.id, 'https://example.com/same'],
      [second.id, 'https://example.com/same'],
    ]);
    expect(r.outbox.list()).toEqual([]);
    for (const id of [first.id, o.id, second.id])
      expect(r.mirrored('link', id!)).toMatchObject({
        pending: null,
        failed: null,
        provisional: false,
      });
  });
});
