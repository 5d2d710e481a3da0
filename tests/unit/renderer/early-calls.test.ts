// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, call } from '../../../renderer/src/bridge.js';
import { endEarlyCalls, startEarlyCalls } from '../../../renderer/src/early-calls.js';
import { firstWindowQuery } from '../../../renderer/src/stores/links-first-window.js';
import type { MirrorLink } from '../../../electron/shared/models.js';
import { untilElement } from './dom-signals.js';
import { budgetOf, fail, installFakeBridge, keychainOk, localProfile, mirrorLink, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;

const page = (items: MirrorLink[]) => ok({ items, total: items.length, offset: 0, limit: 50, unknown: 0, source: 'mirror', syncedAt: Date.now() });
const firstWindowCalls = () => fake.callsTo('links:list').filter((arg) => (arg as { limit?: number }).limit === firstWindowQuery().limit);

beforeEach(() => {
  fake = installFakeBridge();
});

afterEach(() => {
  endEarlyCalls();
  delete window.linkdeck;
  document.body.innerHTML = '';
  window.location.hash = '';
  vi.resetModules();
});

describe('early calls (sent as the app starts, before it mounts)', () => {
  it('answer the first call of the same channel and argument, whatever the order of its fields, and only that one', async () => {
    fake.answer('links:list', page([mirrorLink({ id: 1 })]));
    startEarlyCalls([{ channel: 'links:list', arg: firstWindowQuery() }]);
    expect(fake.calls).toHaveLength(1);

    const value = await call('links:list', { limit: 50, offset: 0, direction: 'desc', sort: 'date' });
    expect(value.items.map((l) => l.id)).toEqual([1]);
    expect(fake.calls).toHaveLength(1);

    // Taken once: the next identical call is a new question to the backend.
    await call('links:list', firstWindowQuery());
    expect(fake.calls).toHaveLength(2);
    // Another argument never takes it.
    startEarlyCalls([{ channel: 'links:list', arg: firstWindowQuery() }]);
    await call('links:list', { ...firstWindowQuery(), q: 'spring' });
    expect(fake.calls).toHaveLength(4);
  });

  it('are dropped at the first push event (the mirror or the profiles changed since they were read)', async () => {
    fake.answer('links:list', page([]));
    startEarlyCalls([{ channel: 'links:list', arg: firstWindowQuery() }]);
    fake.emit('mirror:changed', { profileId: localProfile.id, topics: ['links'] });

    await call('links:list', firstWindowQuery());
    expect(fake.calls).toHaveLength(2);
  });

  it('are dropped once the app has started: later calls always reach the backend', async () => {
    fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
    startEarlyCalls([{ channel: 'profiles:list' }]);
    endEarlyCalls();

    await call('profiles:list');
    expect(fake.callsTo('profiles:list')).toHaveLength(2);
  });

  it('hand a failure to the caller as the BridgeError it would have got', async () => {
    fake.answer('links:list', fail('internal', 'The mirror could not be read.'));
    startEarlyCalls([{ channel: 'links:list', arg: firstWindowQuery() }]);

    const error = await call('links:list', firstWindowQuery()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).message).toBe('The mirror could not be read.');
    expect(fake.calls).toHaveLength(1);
  });
});

describe('the app\'s start (main.ts)', () => {
  it('asks for the first rows of Links before the profiles have answered, and the list shows that answer without asking again', async () => {
    // The profiles answer only when the test says: the app cannot mount the Links view before.
    let answerProfiles: () => void = () => {};
    fake.answer('profiles:list', () => new Promise((resolve) => (answerProfiles = () => resolve(ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk })))));
    fake.answer('links:list', page([mirrorLink({ id: 41, alias: 'early', shortUrl: 'http://s/early', title: 'Early row', longUrl: 'https://example.com/early' })]));
    for (const channel of ['budget:state', 'connection:state', 'sync:refresh', 'outbox:list', 'channels:list', 'campaigns:list'] as const) {
      fake.answer(channel, channel === 'budget:state' ? ok(budgetOf()) : channel === 'connection:state' ? ok({ profileId: localProfile.id, online: true }) : channel === 'sync:refresh' ? ok(undefined) : channel === 'outbox:list' ? ok([]) : ok({ items: [], source: 'mirror', syncedAt: Date.now() }));
    }
    document.body.innerHTML = '<div id="app"></div>';
    window.location.hash = '#/links';

    await import('../../../renderer/src/main.js');
    expect(await fake.called('links:list')).toEqual(firstWindowQuery());
    expect(fake.callsTo('profiles:list')).toHaveLength(1);

    answerProfiles();
    const title = await untilElement('[data-testid="link-row-title"]');
    expect(title.textContent).toBe('Early row');
    expect(firstWindowCalls()).toHaveLength(1);
    expect(fake.callsTo('profiles:list')).toHaveLength(1);
  });
});
