// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { useAccountStore } from '../../../renderer/src/stores/account.js';
import { useBudgetStore } from '../../../renderer/src/stores/budget.js';
import { useConnectionStore } from '../../../renderer/src/stores/connection.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { useLinksStore } from '../../../renderer/src/stores/resource-lists.js';
import type { BudgetState } from '../../../electron/shared/contract.js';
import { installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;

const budget = (over: Partial<BudgetState> = {}): BudgetState => ({
  profileId: localProfile.id,
  limit: 30,
  remaining: 30,
  resetAt: 0,
  pausedUntil: null,
  inFlight: 0,
  queued: { user: 0, clipboard: 0, view: 0, background: 0 },
  ...over,
});

/** An answer the test releases when it wants, to order it against pushed events. */
function deferred<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

const state = (currentId: string | null) => ({ profiles: [localProfile, remoteProfile], currentId, keychain: keychainOk });

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
});

afterEach(() => {
  delete window.linkdeck;
});

describe('useBudgetStore', () => {
  it('keeps a pushed budget that is newer than the answer of a read in flight', async () => {
    const answer = deferred<unknown>();
    fake.answer('budget:state', () => answer.promise);
    const store = useBudgetStore();

    const loading = store.load();
    fake.emit('budget:changed', budget({ limit: 1_000_000, remaining: 999_999 }));
    answer.release(ok(budget({ remaining: 29 })));
    await loading;

    expect(store.value).toMatchObject({ limit: 1_000_000, remaining: 999_999 });
    expect(store.status).toBe('ready');
  });

  it('ignores a push about another profile than the current one', async () => {
    fake.answer('profiles:list', ok(state(localProfile.id)));
    await useProfilesStore().load();
    const store = useBudgetStore();

    fake.emit('budget:changed', budget({ profileId: remoteProfile.id, remaining: 3 }));

    expect(store.value).toBeNull();
  });
});

describe('useProfilesStore', () => {
  it('follows profiles:changed without a call', async () => {
    const store = useProfilesStore();

    fake.emit('profiles:changed', state(remoteProfile.id));

    expect(store.status).toBe('ready');
    expect(store.current).toEqual(remoteProfile);
    expect(fake.calls).toEqual([]);
  });

  it('never keeps the key it passes on', async () => {
    fake.answer('profiles:connect', ok(remoteProfile));
    fake.answer('profiles:list', ok(state(remoteProfile.id)));
    const store = useProfilesStore();

    await store.connect({ name: 'Work', baseUrl: 'https://links.example.com', apiKey: 'secret-key-123' });

    expect(JSON.stringify(store.$state)).not.toContain('secret-key-123');
  });
});

describe('list and account stores', () => {
  it('drop an answer that arrives after the profile changed, and load the new profile’s data', async () => {
    fake.answer('profiles:list', ok(state(localProfile.id)));
    const profiles = useProfilesStore();
    await profiles.load();
    const slow = deferred<unknown>();
    fake.answer('links:list', () => slow.promise);
    const links = useLinksStore();
    const first = links.load();

    fake.answer('links:list', ok({ items: [{ id: 2, shortUrl: 'https://links.example.com/b' }], total: 1, offset: 0, limit: 100, unknown: 0, source: 'mirror', syncedAt: 1 }));
    fake.emit('profiles:changed', state(remoteProfile.id));
    slow.release(ok({ items: [{ id: 1, shortUrl: 'http://local/a' }], total: 1, offset: 0, limit: 100, unknown: 0, source: 'mirror', syncedAt: 1 }));
    await first;
    await flushPromises();

    expect(links.items).toEqual([{ id: 2, shortUrl: 'https://links.example.com/b' }]);
  });

  it('forget the previous profile’s account on a switch', async () => {
    fake.answer('profiles:list', ok(state(localProfile.id)));
    const profiles = useProfilesStore();
    await profiles.load();
    fake.answer('account:get', ok({ id: 1, email: 'you@localhost', username: 'you', avatar: '', status: 'pro', expires: null, registered: '' }));
    const account = useAccountStore();
    await account.load();
    const next = deferred<unknown>();
    fake.answer('account:get', () => next.promise);

    fake.emit('profiles:changed', state(remoteProfile.id));
    await nextTick();
    expect(account.value).toBeNull();
    expect(account.status).toBe('loading');
    next.release(ok({ id: 9, email: 'me@example.com', username: 'me', avatar: '', status: 'pro', expires: null, registered: '' }));
    await flushPromises();

    expect(account.value?.email).toBe('me@example.com');
  });
});

describe('useConnectionStore', () => {
  it('assumes online until told otherwise, then shows why it is offline', () => {
    const store = useConnectionStore();
    expect(store.online).toBe(true);

    fake.emit('connection:changed', { profileId: localProfile.id, online: false, reason: 'Connection refused.' });

    expect(store.online).toBe(false);
    expect(store.reason).toBe('Connection refused.');
  });
});
