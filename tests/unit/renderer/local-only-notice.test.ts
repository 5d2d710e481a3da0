// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { createAppRouter } from '../../../renderer/src/router.js';
import LocalOnlyNotice from '../../../renderer/src/components/workspace/LocalOnlyNotice.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import workspaceEn from '../../../renderer/src/i18n/locales/en/workspace.json' with { type: 'json' };
import { installFakeBridge, keychainOk, localProfile, ok } from './fake-bridge.js';

let pinia: Pinia;
let wrapper: VueWrapper | undefined;

beforeEach(async () => {
  const fake = installFakeBridge();
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  pinia = createPinia();
  setActivePinia(pinia);
  await useProfilesStore().load();
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  document.body.innerHTML = '';
});

async function mountNotice(props: { place: string; collapsible?: boolean }) {
  const router = createAppRouter();
  await router.push('/links');
  wrapper = mount(LocalOnlyNotice, { props, global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return { w: wrapper, router };
}

describe('LocalOnlyNotice', () => {
  it('collapsible (above the Links list): one line with its title and the way out; the explanation behind a closed disclosure', async () => {
    const { w, router } = await mountNotice({ place: 'links', collapsible: true });
    const notice = w.get('[data-testid="local-only-notice"]');
    expect(notice.attributes('data-reach')).toBe('this-computer');
    const details = w.get<HTMLDetailsElement>('[data-testid="local-only-details"]');
    expect(details.element.open).toBe(false);
    expect(details.get('summary').text()).toBe(workspaceEn.localOnly.title);
    // Still there for whoever opens it (and for the page's text): nothing is said less, only folded.
    expect(details.text()).toContain(workspaceEn.localOnly.text);
    // No alert title: the title is the disclosure's line, so the notice is one line high.
    expect(notice.find('.n-alert-body__title').exists()).toBe(false);
    await w.get('[data-testid="local-only-settings"]').trigger('click');
    // Settings is loaded when first visited: the route changes once its code has arrived.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('settings'), { timeout: 15_000 });
  });

  it('in full elsewhere: the title above the explanation, no disclosure', async () => {
    const { w } = await mountNotice({ place: 'link-detail' });
    expect(w.find('[data-testid="local-only-details"]').exists()).toBe(false);
    expect(w.get('.n-alert-body__title').text()).toContain(workspaceEn.localOnly.title);
    expect(w.get('[data-testid="local-only-notice"]').text()).toContain(workspaceEn.localOnly.text);
  });
});
