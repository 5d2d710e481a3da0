// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import LocalPortNotice from '../../../renderer/src/components/workspace/LocalPortNotice.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { fail, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from './fake-bridge.js';

/*
 * The local workspace's taken port (issue 32, item 7): trying the same port again while it is
 * still taken says so in one short line, not the notice's paragraph a second time.
 */

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;
const PORT_TAKEN =
  'Port 4100 of this computer is taken by another program, so the local workspace did not start there. Its short links use that port: free it (quit the other program) and try again, or move the workspace to a free port; links made before the move then stop opening.';

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk, localPortTaken: 4100 }));
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

describe('the taken-port notice', () => {
  it('says "still taken" once on a failed retry, without repeating its paragraph; other failures in their words', async () => {
    await useProfilesStore().load();
    wrapper = mount(LocalPortNotice, { attachTo: document.body });
    await flushPromises();
    const notice = wrapper.get('[data-testid="local-port-taken"]');
    expect(notice.text()).toContain('Port 4100 of this computer is taken by another program.');

    fake.answer('profiles:restart-local', fail('internal', PORT_TAKEN, { reason: 'port-taken', port: 4100 }));
    await wrapper.get('[data-testid="local-port-retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('.local-port__failure').text()).toBe('Port 4100 is still taken.');
    expect(wrapper.text().split('taken by another program').length - 1).toBe(1);

    fake.answer('profiles:restart-local', fail('internal', 'The local workspace could not start: the disk is full.'));
    await wrapper.get('[data-testid="local-port-move"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('.local-port__failure').text()).toBe('The local workspace could not start: the disk is full.');
  });
});
