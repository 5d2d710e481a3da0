// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Router } from 'vue-router';
import App from '../../../renderer/src/App.vue';
import { createAppRouter } from '../../../renderer/src/router.js';
import { untilDom } from './dom-signals.js';
import { budgetOf, fail, installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

const budget = budgetOf();
const page = <T>(items: T[]) => ({ items, total: items.length, offset: 0, limit: 100, unknown: 0, source: 'mirror', syncedAt: Date.now() });
const marks = { pending: null, failed: null, opId: null, provisional: false };
const list = <T>(items: T[]) => ({ items, source: 'mirror', syncedAt: Date.now() });

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('budget:state', ok(budget));
  fake.answer('app:info', ok({ name: 'Linkdeck', version: '0.1.0', shell: 'web', platform: 'linux' }));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer('outbox:list', ok([]));
  pinia = createPinia();
  setActivePinia(pinia);
  router = createAppRouter();
  await router.push('/links');
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
});

async function mountApp() {
  wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const state = (w: VueWrapper) => w.get('[data-app-state]').attributes('data-app-state');
const has = (w: VueWrapper, testId: string) => w.find(`[data-testid="${testId}"]`).exists();

describe('App frame', () => {
  it('opens the welcome screen on first run and says it is ready', async () => {
    fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));

    const w = await mountApp();

    expect(state(w)).toBe('ready');
    // The welcome screen's code loads when first needed: it shows once it has loaded.
    await untilDom(() => has(w, 'welcome'));
    expect(has(w, 'welcome')).toBe(true);
    expect(has(w, 'app-frame')).toBe(false);
  });

  it('moves from the welcome screen into the frame when the local workspace starts', async () => {
    fake.answer('profiles:list', ok({ profiles: [], currentId: null, keychain: keychainOk }));
    fake.answer('links:list', ok(page([])));
    const w = await mountApp();
    fake.answer('profiles:use-local', ok(localProfile));
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));

    await untilDom(() => has(w, 'welcome'));
    await w.get('[data-testid="use-local"]').trigger('click');
    await flushPromises();

    expect(fake.callsTo('profiles:use-local')).toHaveLength(1);
    expect(has(w, 'app-frame')).toBe(true);
    expect(w.get('[data-testid="budget-text"]').text()).toBe('30 of 30 requests left');
  });

  // The small collections share one table; the Links section has its own virtual list.
  it('shows the sidebar sections and the mirror’s table of the current section', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('channels:list', ok(list([{ id: 7, name: 'Spring', description: 'Seasonal', color: '#ff8800', starred: true, ...marks }])));
    await router.push('/channels');

    const w = await mountApp();

    const labels = w.findAll('[data-testid^="nav-"]').map((n) => n.text());
    expect(labels).toEqual(['Links', 'Channels', 'Campaigns', 'Domains', 'Pixels', 'QR codes', 'Overlays & splash', 'Analytics', 'Bulk shorten', 'Outbox', 'Account', 'Settings']);
    // Every section has its picture (a section added without one showed a blank beside its name).
    const items = w.findAll('.app-sidebar .n-menu-item-content');
    expect(items).toHaveLength(labels.length);
    const blank = items.filter((n) => !n.find('svg path').attributes('d'));
    expect(blank.map((n) => n.text())).toEqual([]);
    expect(fake.callsTo('channels:list')).toHaveLength(1);
    expect(fake.callsTo('sync:refresh')).toEqual([{ view: { kind: 'channels' } }]);
    const table = w.get('[data-testid="resource-channels"]');
    expect(table.attributes('data-status')).toBe('ready');
    expect(table.text()).toContain('Spring');
    expect(table.text()).toContain('Seasonal');
  });

  it('shows an empty state, and an error in words with a retry', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('channels:list', fail('offline', 'The service at http://127.0.0.1:4100 does not answer.'));
    await router.push('/channels');
    const w = await mountApp();

    expect(w.get('[data-testid="resource-error"]').text()).toContain('The service at http://127.0.0.1:4100 does not answer.');

    fake.answer('channels:list', ok(list([])));
    await w.get('[data-testid="resource-retry"]').trigger('click');
    await flushPromises();

    expect(w.get('[data-testid="resource-channels"]').attributes('data-status')).toBe('ready');
    const empty = w.get('[data-testid="resource-empty"]');
    expect(empty.text()).toContain('No channels yet.');
    // The next step, as a button.
    expect(empty.get('[data-testid="empty-action"]').text()).toBe('Create your first channel');
  });

  it('survives a malformed list answer and says so', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('channels:list', ok({ rows: 'what' }));
    await router.push('/channels');

    const w = await mountApp();

    expect(w.get('[data-testid="resource-error"]').text()).toMatch(/could not read/);
  });

  it('shows a startup error instead of crashing on a malformed profiles answer', async () => {
    fake.answer('profiles:list', ok('nonsense'));

    const w = await mountApp();

    expect(state(w)).toBe('error');
    expect(w.get('[data-testid="startup-error"]').text()).toMatch(/could not read/);
  });

  it('warns when keys are kept in memory only, with the reason', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: { kind: 'memory', persistent: false, reason: 'No Secret Service is running.' } }));
    fake.answer('links:list', ok(page([])));

    const w = await mountApp();

    expect(w.get('[data-testid="keychain-banner"]').text()).toContain('No Secret Service is running.');
  });

  it('follows pushed events: profiles, budget and connection', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('links:list', ok(page([])));
    const w = await mountApp();

    fake.emit('budget:changed', { ...budget, remaining: 0, pausedUntil: Date.now() + 20_000 });
    fake.emit('connection:changed', { profileId: localProfile.id, online: false, reason: 'Connection refused.' });
    fake.emit('profiles:changed', { profiles: [localProfile, remoteProfile], currentId: localProfile.id, keychain: keychainOk });
    await flushPromises();

    expect(w.get('[data-testid="budget-meter"]').attributes('data-paused')).toBe('true');
    expect(w.get('[data-testid="connection-indicator"]').text()).toBe('Offline');
    expect(w.get('[data-testid="connection-indicator"]').attributes('aria-label')).toBe('Offline: Connection refused.');
    await router.push('/settings');
    await flushPromises();
    expect(w.findAll('[data-testid="profile-row"]').map((r) => r.attributes('data-profile-name'))).toEqual(['Local workspace', 'Work']);
  });

  it('reloads the current section for the new profile after a switch', async () => {
    fake.answer('profiles:list', ok({ profiles: [localProfile, remoteProfile], currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('links:list', ok(page([])));
    const w = await mountApp();
    fake.answer('links:list', ok(page([{ id: 1, alias: 'x', shortUrl: 'https://links.example.com/x', longUrl: 'https://example.org', clicks: 0, title: '', description: '', date: '2025-01-01 00:00:00', ...marks }])));

    fake.emit('profiles:changed', { profiles: [localProfile, remoteProfile], currentId: remoteProfile.id, keychain: keychainOk });
    await flushPromises();

    expect(fake.callsTo('links:list')).toHaveLength(2);
    expect(w.get('[data-testid="resource-links"]').text()).toContain('links.example.com/x');
  });
});
