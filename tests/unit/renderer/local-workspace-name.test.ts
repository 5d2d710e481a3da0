// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import ProfileSwitcher from '../../../renderer/src/components/ProfileSwitcher.vue';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { LOCAL_WORKSPACE_NAME } from '../../../electron/backend/accounts/accounts.js';
import { installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

/**
 * The local workspace's name is data once stored (issue 44): kept as made ("Local workspace"),
 * shown in the person's language while never renamed, and as typed once the person renamed it.
 */
describe('the local workspace’s name in the person’s language', () => {
  let fake: FakeBridge;
  let profiles = [localProfile, remoteProfile];
  beforeEach(() => {
    profiles = [localProfile, remoteProfile];
    fake = installFakeBridge();
    fake.answer('profiles:list', () => ok({ profiles, currentId: localProfile.id, keychain: keychainOk }));
    fake.answer('profiles:rename', (arg: unknown) => {
      const { id, name } = arg as { id: string; name: string };
      profiles = profiles.map((p) => (p.id === id ? { ...p, name } : p));
      return ok(profiles.find((p) => p.id === id));
    });
    setActivePinia(createPinia());
    setAppLocale('de');
  });
  afterEach(() => {
    setAppLocale('en');
    delete window.linkdeck;
    document.body.innerHTML = '';
  });

  it('is made with the English default, the mark of a name never changed', () => {
    expect(localProfile.name).toBe(LOCAL_WORKSPACE_NAME);
  });

  it('shows the never-renamed workspace by its German name, follows a switch back, and leaves other names alone', async () => {
    const store = useProfilesStore();
    await store.load();
    expect(store.items.map((p) => p.name)).toEqual(['Lokaler Arbeitsbereich', 'Work']);
    expect(store.current?.name).toBe('Lokaler Arbeitsbereich');
    setAppLocale('fr');
    expect(store.current?.name).toBe('Espace de travail local');
    setAppLocale('en');
    expect(store.current?.name).toBe('Local workspace');
  });

  it('shows it so in the profile switcher', async () => {
    const store = useProfilesStore();
    await store.load();
    const w = mount(ProfileSwitcher, { attachTo: document.body });
    await flushPromises();
    expect(w.text()).toContain('Lokaler Arbeitsbereich');
    expect(w.text()).not.toContain('Local workspace');
    w.unmount();
  });

  it('keeps the default when “renamed” to the name it already shows, and a real rename as typed in every language', async () => {
    const store = useProfilesStore();
    await store.load();
    expect((await store.rename(localProfile.id, 'Lokaler Arbeitsbereich ')).name).toBe('Lokaler Arbeitsbereich');
    expect(fake.callsTo('profiles:rename')).toEqual([]);
    setAppLocale('es');
    expect(store.current?.name).toBe('Espacio de trabajo local');

    const renamed = await store.rename(localProfile.id, 'Mein Rechner');
    expect(renamed.name).toBe('Mein Rechner');
    expect(fake.callsTo('profiles:rename')).toEqual([{ id: localProfile.id, name: 'Mein Rechner' }]);
    for (const locale of ['de', 'fr', 'en'] as const) {
      setAppLocale(locale);
      expect(store.current?.name, locale).toBe('Mein Rechner');
    }
  });
});
