// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Router } from 'vue-router';
import App from '../../../renderer/src/App.vue';
import { createAppRouter } from '../../../renderer/src/router.js';
import { untilDom } from './dom-signals.js';
import { budgetOf, fail, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from './fake-bridge.js';

/**
 * Issue 32: the local workspace's port was taken at start, so its service is not running. The
 * top bar shows no request budget (the last one known would be stale) and says Offline with the
 * backend's words; "Try again" that meets the same taken port says so in one line instead of
 * repeating the alert's whole text under it.
 */
let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

const PORT = 4100;
const TAKEN_TEXT = `Port ${PORT} of this computer is taken by another program, so the local workspace did not start there. Its short links use that port: free it (quit the other program) and try again, or move the workspace to a free port; links made before the move then stop opening.`;
const page = { items: [], total: 0, offset: 0, limit: 100, unknown: 0, source: 'mirror', syncedAt: Date.now() };

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('budget:state', ok(budgetOf()));
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: false, reason: `The local workspace did not start: port ${PORT} of this computer is taken by another program.` }));
  fake.answer('app:info', ok({ name: 'Linkdeck', version: '0.1.0', shell: 'web', platform: 'linux' }));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer('outbox:list', ok([]));
  fake.answer('links:list', ok(page));
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk, localPortTaken: PORT }));
  fake.answer('profiles:restart-local', fail('internal', TAKEN_TEXT, { reason: 'port-taken', port: PORT }));
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

const has = (w: VueWrapper, testId: string) => w.find(`[data-testid="${testId}"]`).exists();

describe('the local workspace did not start', () => {
  it('shows no budget and says Offline in the top bar', async () => {
    wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
    await flushPromises();
    await untilDom(() => has(wrapper!, 'local-port-taken'));
    expect(has(wrapper, 'budget-meter')).toBe(false);
    const indicator = wrapper.get('[data-testid="connection-indicator"]');
    expect(indicator.text()).toBe('Offline');
    expect(indicator.attributes('aria-label')).toContain(`port ${PORT} of this computer is taken`);
  });

  it('says in one line that a retry met the same taken port, not the whole text twice', async () => {
    wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
    await flushPromises();
    await untilDom(() => has(wrapper!, 'local-port-retry'));
    await wrapper.get('[data-testid="local-port-retry"]').trigger('click');
    await fake.called('profiles:restart-local');
    await untilDom(() => wrapper!.find('.local-port__failure').exists());
    const alert = wrapper.get('[data-testid="local-port-taken"]').text();
    expect(wrapper.get('.local-port__failure').text()).toMatch(new RegExp(`^Port ${PORT} is still taken`));
    expect(alert.split('is taken by another program').length - 1).toBe(1);
  });
});
