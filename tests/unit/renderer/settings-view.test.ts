// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import SettingsView from '../../../renderer/src/views/SettingsView.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { installFakeBridge, keychainOk, localProfile, ok, remoteProfile, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let pinia: Pinia;
let wrapper: VueWrapper | undefined;

beforeEach(async () => {
  fake = installFakeBridge();
  fake.answer('app:info', ok({ name: 'Linkdeck', version: '0.1.0', shell: 'web', platform: 'linux' }));
  fake.answer('profiles:list', ok({ profiles: [localProfile, remoteProfile], currentId: localProfile.id, keychain: keychainOk }));
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

async function mountSettings() {
  wrapper = mount(SettingsView, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const row = (w: VueWrapper, name: string) => w.get(`[data-testid="profile-row"][data-profile-name="${name}"]`);
// Dialogs are teleported out of the component, to the end of <body>.
const inBody = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('SettingsView', () => {
  it('lists each profile with its kind and address, and marks the current one', async () => {
    const w = await mountSettings();

    expect(row(w, 'Local workspace').text()).toContain('Local workspace');
    expect(row(w, 'Work').text()).toContain('Remote service');
    expect(row(w, 'Work').text()).toContain('https://links.example.com');
    expect(row(w, 'Local workspace').find('[data-testid="profile-current"]').exists()).toBe(true);
    expect(row(w, 'Work').find('[data-testid="profile-current"]').exists()).toBe(false);
    // A local workspace exists: no offer to start one.
    expect(w.find('[data-testid="settings-use-local"]').exists()).toBe(false);
  });

  it('asks before removing, says what goes, and removes only after confirmation', async () => {
    const w = await mountSettings();

    await row(w, 'Work').get('[data-testid="profile-remove"]').trigger('click');
    await flushPromises();

    const text = inBody('remove-consequence')?.textContent ?? '';
    expect(text).toContain('deletes its API key from the keychain');
    expect(text).toContain('the data Linkdeck keeps for it on this computer');
    expect(text).toContain('Nothing is deleted on the service at https://links.example.com');
    expect(fake.callsTo('profiles:remove')).toEqual([]);

    fake.answer('profiles:remove', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
    inBody('remove-confirm')?.click();
    await flushPromises();

    expect(fake.callsTo('profiles:remove')).toEqual([{ id: remoteProfile.id }]);
    expect(w.findAll('[data-testid="profile-row"]').map((r) => r.attributes('data-profile-name'))).toEqual(['Local workspace']);
  });

  it('warns that removing the local workspace deletes its links', async () => {
    const w = await mountSettings();

    await row(w, 'Local workspace').get('[data-testid="profile-remove"]').trigger('click');
    await flushPromises();

    expect(inBody('remove-consequence')?.textContent).toContain('deletes the local workspace from this computer: all its links');
  });

  it('offers the local workspace when there is none', async () => {
    fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
    await useProfilesStore().load();
    fake.answer('profiles:use-local', ok(localProfile));
    const w = await mountSettings();

    await w.get('[data-testid="settings-use-local"]').trigger('click');
    await flushPromises();

    expect(fake.callsTo('profiles:use-local')).toHaveLength(1);
  });
});
