import { vi } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Router } from 'vue-router';
import App from '../../../renderer/src/App.vue';
import { createAppRouter } from '../../../renderer/src/router.js';
import { budgetOf, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from './fake-bridge.js';

/*
 * The whole app, mounted as its window shows it, for the views' tests (the links list, its
 * keystrokes, the mirror's views): the same start and the same clean-up in each. What a test's
 * view reads beyond the start (links, facets, channels) each test file answers itself.
 */

export interface AppShell {
  fake: FakeBridge;
  pinia: Pinia;
  router: Router;
}

/**
 * For `beforeEach`: the fake bridge answering what every view asks as the app starts (the local
 * workspace, a full budget, online, nothing queued), a fresh store and a fresh router.
 */
export function startApp(): AppShell {
  const fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('budget:state', ok(budgetOf()));
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: true }));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer('outbox:list', ok([]));
  const pinia = createPinia();
  setActivePinia(pinia);
  return { fake, pinia, router: createAppRouter() };
}

/** No channels and no campaigns in the mirror (the list's names and filters have none to show). */
export function answerNoGroups(fake: FakeBridge): void {
  fake.answer('channels:list', ok({ items: [], source: 'mirror', syncedAt: Date.now() }));
  fake.answer('campaigns:list', ok({ items: [], source: 'mirror', syncedAt: Date.now() }));
}

/** The app at `path`, attached to the page; not yet settled: each test waits on its own signal. */
export async function mountApp({ pinia, router }: Pick<AppShell, 'pinia' | 'router'>, path: string): Promise<VueWrapper> {
  await router.push(path);
  return mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
}

/** For `afterEach`: the app unmounted, the real clock back, no bridge and an empty page. */
export function closeApp(wrapper: VueWrapper | undefined): void {
  wrapper?.unmount();
  vi.useRealTimers();
  delete window.linkdeck;
  document.body.innerHTML = '';
}
