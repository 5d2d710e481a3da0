import { afterEach, describe, expect, it } from 'vitest';
import { openProfileData } from '../../../electron/backend/mirror/index.js';
import { MIGRATIONS } from '../../../electron/backend/mirror/schema.js';
import { link, store, tempProfileData } from './support/temp-mirror.js';

let data: ReturnType<typeof tempProfileData> | undefined;
afterEach(() => data?.dispose());

describe('profile data file', () => {
  it('is one SQLite file in WAL mode with its schema version recorded', () => {
    data = tempProfileData();
    expect(data.file.endsWith('linkdeck-mirror.db')).toBe(true);
    expect(data.sql.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode).toBe('wal');
    expect(data.sql.get<{ synchronous: number }>('PRAGMA synchronous')?.synchronous).toBe(2); // FULL
    expect(data.sql.get<{ user_version: number }>('PRAGMA user_version')?.user_version).toBe(
      MIGRATIONS.length,
    );
    const tables = data.sql
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'links',
        'links_fts',
        'link_snapshots',
        'channels',
        'channel_items',
        'campaigns',
        'domains',
        'pixels',
        'overlays',
        'splash_pages',
        'account',
        'sync_state',
        'outbox',
        'outbox_ids',
      ]),
    );
  });

  it('keeps what it holds across a reopen, and refuses a file from a newer Linkdeck', () => {
    data = tempProfileData();
    store(data, [link(1, { title: 'Kept' })]);
    data.close();
    const again = openProfileData(data.dir);
    expect(again.mirror.link(1)?.title).toBe('Kept');
    expect(again.mirror.links({ q: 'kept' }).total).toBe(1);
    again.sql.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    again.close();
    expect(() => openProfileData(data!.dir)).toThrow(/newer Linkdeck/);
  });

  it("learns the service's own host from the base URL", () => {
    data = tempProfileData({ baseUrl: 'http://127.0.0.1:4000/' });
    expect(data.mirror.serviceHost()).toBe('127.0.0.1:4000');
  });

  it('tells listeners once per turn which topics changed', async () => {
    data = tempProfileData();
    const heard: string[][] = [];
    data.mirror.onChange((change) => heard.push(change.topics));
    store(data, [link(1)]);
    data.mirror.write(['channels'], () => {});
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([['links', 'channels']]);
  });

  it('rolls a failed write back whole', () => {
    data = tempProfileData();
    expect(() =>
      data!.mirror.write(['links'], () => {
        store(data!, [link(1)]);
        throw new Error('midway');
      }),
    ).toThrow('midway');
    expect(data.mirror.linkCount()).toBe(0);
    expect(data.mirror.links({ q: 'page' }).total).toBe(0);
  });
});
