import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHANNELS,
  forgetChannel,
  replaceChannelItems,
  replaceCollection,
  storeAccount,
} from '../../../electron/backend/mirror/collections.js';
import { setLinkChannel } from '../../../electron/backend/mirror/link-writes.js';
import type { Channel } from '../../../electron/shared/models.js';
import { link, store, tempProfileData } from './support/temp-mirror.js';

let data: ReturnType<typeof tempProfileData>;
beforeEach(() => (data = tempProfileData()));
afterEach(() => data.dispose());

const channel = (id: number, name: string): Channel => ({
  id,
  name,
  description: '',
  color: '',
  starred: false,
});

describe('small collections', () => {
  it("are replaced whole in the service's order, keeping provisional rows and the user's pending edits", () => {
    const now = Date.now();
    data.mirror.write(['channels'], () =>
      replaceCollection(data.sql, CHANNELS, [channel(2, 'B'), channel(1, 'A')], now, forgetChannel),
    );
    data.sql.run(
      `INSERT INTO channels (id, name, stored_at, pending) VALUES (-9, 'New', ?, 'create')`,
      [now],
    );
    data.sql.run(`UPDATE channels SET name = 'A (mine)', pending = 'update' WHERE id = 1`);
    data.mirror.write(['channels'], () =>
      replaceCollection(
        data.sql,
        CHANNELS,
        [channel(1, 'A (theirs)'), channel(3, 'C')],
        now,
        forgetChannel,
      ),
    );
    expect(data.mirror.channels().items.map((c) => [c.id, c.name, c.pending])).toEqual([
      [1, 'A (mine)', 'update'],
      [3, 'C', null],
      [-9, 'New', 'create'],
    ]);
  });

  it("forget a removed channel's membership with it", () => {
    store(data, [link(1), link(2)]);
    data.mirror.write(['channels'], () => {
      replaceCollection(data.sql, CHANNELS, [channel(5, 'E')], Date.now(), forgetChannel);
      setLinkChannel(data.sql, 1, 5, Date.now());
    });
    expect(data.mirror.channelItems(5).items.map((i) => i.id)).toEqual([1]);
    data.mirror.write(['channels'], () =>
      replaceCollection(data.sql, CHANNELS, [], Date.now(), forgetChannel),
    );
    expect(data.mirror.link(1)).toMatchObject({
      channelId: null,
      unknown: expect.not.arrayContaining(['channel']),
    });
    expect(data.mirror.channelItems(5).items).toEqual([]);
  });

  it("keep a pending assignment in the channel's items through a refresh", () => {
    store(data, [link(1), link(2)]);
    data.mirror.write(['channels'], () => {
      setLinkChannel(data.sql, 2, 5, Date.now());
      data.sql.run(`UPDATE links SET pending = 'update' WHERE id = 2`);
      replaceChannelItems(data.sql, 5, [
        { type: 'links', id: 1, title: '', preview: '', link: '', date: '2026-01-01' },
      ]);
    });
    expect(
      data.mirror
        .channelItems(5)
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('keep the account with the time it was read', () => {
    const account = {
      id: 1,
      email: 'a@b.test',
      username: 'a',
      avatar: '',
      status: 'pro',
      expires: null,
      registered: '2025-01-01 00:00:00',
    };
    data.mirror.write(['account'], () => storeAccount(data.sql, account, 1234));
    expect(data.mirror.account()).toEqual({ account, source: 'mirror', syncedAt: 1234 });
  });
});
