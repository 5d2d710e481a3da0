import { describe, expect, it } from 'vitest';
import { targetAliases } from '../../electron/backend/bulk/alias-taken.js';
import { openProfileWorkspace } from '../../electron/backend/sync/index.js';
import { bulkService, type BulkWorkspace } from './support/bulk-workspace.js';

/*
 * An import's alias that the mirror did not know as taken (the dry run found no clash) and the
 * real local service refuses as taken: the row follows the person's choice (a new random alias,
 * or left out), kept with the job; a row without a choice fails with the service's words.
 */

const world = bulkService();

/** Opens the workspace and resolves once its first sync is over. */
async function openSynced(): Promise<BulkWorkspace> {
  const opened = world.open();
  await opened.synced;
  return opened;
}

/** Long URL → its aliases on the service. */
async function serviceAliases(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const answer = await world.service.api<{ data: { urls: { longurl: string; alias: string }[] } }>('GET', '/api/urls?limit=100&page=1');
  for (const u of answer.json.data.urls) out.set(u.longurl, [...(out.get(u.longurl) ?? []), u.alias]);
  return out;
}

describe('an import alias refused as taken at send time', () => {
  it('follows the row’s choice: a new random alias, or the row left out; without a choice it fails in words', async () => {
    const { ws: opened, when } = await openSynced();
    // Made on the service after the sync: the mirror does not know these aliases are taken.
    for (const alias of ['spring', 'summer', 'autumn']) {
      expect((await world.service.api('POST', '/api/url/add', { url: `https://other.example/${alias}`, custom: alias })).status).toBe(200);
    }
    expect(targetAliases(opened.data.mirror.sql, ['spring', 'summer', 'autumn'])).toEqual([]);

    const job = opened.bulk.create({
      name: 'Import with stale aliases',
      rows: [
        { url: 'https://example.com/spring', custom: 'spring' },
        { url: 'https://example.com/summer', custom: 'summer' },
        { url: 'https://example.com/autumn', custom: 'autumn' },
        { url: 'https://example.com/free', custom: 'still-free' },
      ],
      reuse: true,
      onAliasTaken: ['random', 'skip', 'random', 'skip'],
    });
    const done = await when(job.id, (j) => j.status === 'done');
    expect(done.counts).toMatchObject({ created: 3, cancelled: 1, failed: 0, queued: 0, sending: 0 });

    const [spring, summer, autumn, free] = opened.bulk.rows(job.id, 0, 10).rows;
    expect(spring?.status).toBe('created');
    expect(spring?.input.custom).toBeUndefined();
    expect(spring?.shortUrl).not.toMatch(/\/spring$/);
    expect(summer).toMatchObject({ status: 'cancelled', linkId: null });
    expect(summer?.error).toMatch(/Skipped, as you chose/);
    expect(summer?.error).toMatch(/“summer” is taken/);
    // Said as a key too, for the app to say it in the person's language (issue 44).
    expect(summer?.errorRef).toMatchObject({ key: 'importNotes.skippedTaken', params: { alias: 'summer' } });
    expect(autumn?.status).toBe('created');
    expect(free).toMatchObject({ status: 'created' });
    expect(free?.shortUrl).toMatch(/\/still-free$/);

    const aliases = await serviceAliases();
    expect(aliases.get('https://example.com/spring')).toHaveLength(1);
    expect(aliases.get('https://example.com/spring')?.[0]).not.toBe('spring');
    expect(aliases.has('https://example.com/summer')).toBe(false);
    expect(aliases.get('https://example.com/free')).toEqual(['still-free']);
    // Nothing of it is left in the person's outbox.
    await opened.outbox.idle();
    expect(opened.outbox.list()).toEqual([]);

    // A job without choices (plain bulk shortening) keeps the service's words, as before.
    const plain = opened.bulk.create({ name: 'Plain', rows: [{ url: 'https://example.com/again', custom: 'spring' }], reuse: true });
    const failed = await when(plain.id, (j) => j.status === 'done');
    expect(failed.counts).toMatchObject({ failed: 1, created: 0 });
    expect(opened.bulk.rows(plain.id, 0, 1).rows[0]?.error).toMatch(/alias "spring" is already taken/);
  });

  it('rows naming a channel whose create is still queued (offline, then a restart) get that channel on the service', async () => {
    // Not started: nothing is sent, as offline. The channel's create and the job wait in the data file.
    const first = openProfileWorkspace({ dir: world.dir, baseUrl: world.service.url, api: world.api, outboxServerMaxExecutionMs: 0 });
    world.track(first);
    const channel = first.outbox.enqueue({ kind: 'channel.create', input: { name: 'Summer' } });
    expect(channel.provisionalId).toBeLessThan(0);
    const job = first.bulk.create({
      name: 'Import with a new channel',
      rows: [
        { url: 'https://example.com/s1', channel: channel.provisionalId as number },
        { url: 'https://example.com/s2', channel: channel.provisionalId as number },
        { url: 'https://example.com/none' },
      ],
      reuse: true,
    });
    await first.close();
    world.track(null);

    const { ws: second, when } = await openSynced();
    await when(job.id, (j) => j.status === 'done');
    expect(second.bulk.get(job.id).counts).toMatchObject({ created: 3, failed: 0 });
    const channels = await world.service.api<{ data: { channels: { id: number; name: string }[] } }>('GET', '/api/channels');
    const summer = channels.json.data.channels.filter((c) => c.name === 'Summer');
    expect(summer).toHaveLength(1);
    const items = await world.service.api<{ data: { items: { preview: string }[] } }>('GET', `/api/channel/${summer[0]?.id}`);
    expect(items.json.data.items.map((i) => i.preview).sort()).toEqual(['https://example.com/s1', 'https://example.com/s2']);
  });

  it('the dry run reads the aliases the mirror knows, with their URL and domain', async () => {
    expect((await world.service.api('POST', '/api/url/add', { url: 'https://other.example/known', custom: 'known' })).status).toBe(200);
    const { ws: opened } = await openSynced();
    expect(targetAliases(opened.data.mirror.sql, ['known', 'KNOWN', 'unknown'])).toEqual([{ alias: 'known', url: 'https://other.example/known', domain: null }]);
  });
});
