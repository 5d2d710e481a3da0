// @vitest-environment happy-dom
/* eslint-disable vue/one-component-per-file -- a route stand-in and the provider host, for this test only */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { defineComponent, h } from 'vue';
import { NMessageProvider } from 'naive-ui';
import { createMemoryHistory, createRouter } from 'vue-router';
import AppNotices from '../../../renderer/src/components/AppNotices.vue';
import { useNoticesStore } from '../../../renderer/src/stores/notices.js';
import { installFakeBridge, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

async function mountAt(path: string) {
  const Empty = defineComponent({ render: () => null });
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/links', component: Empty },
      { path: '/quick', component: Empty, meta: { bare: true } },
    ],
  });
  await router.push(path);
  const Host = defineComponent({ render: () => h(NMessageProvider, null, { default: () => h(AppNotices) }) });
  wrapper = mount(Host, { global: { plugins: [router] }, attachTo: document.body });
  await flushPromises();
}

const logged = () => [...document.querySelectorAll('[data-testid="notices"] p')].map((p) => p.textContent);

describe('a notification the OS would not show, shown in the window', () => {
  it('the main window shows desktop:notice as a notice that stays until closed', async () => {
    await mountAt('/links');
    fake.emit('desktop:notice', { title: 'Bulk shortening finished', body: '"May": 3 created.', view: '/bulk' });
    await flushPromises();
    expect(logged()).toEqual(['Bulk shortening finished: "May": 3 created.']);
    // Sticky: AppNotices gives it no duration, so it stays until closed (the person may be away).
    expect(useNoticesStore().items.map((n) => n.sticky)).toEqual([true]);
    // The toast itself is on screen with a close button (duration 0: it does not fade).
    expect(document.body.textContent).toContain('Bulk shortening finished: "May": 3 created.');
  });

  it('the quick-shorten window leaves it to the main window', async () => {
    await mountAt('/quick');
    fake.emit('desktop:notice', { title: 'Linkdeck could not sync', body: 'The service failed.' });
    await flushPromises();
    expect(logged()).toEqual([]);
  });
});
