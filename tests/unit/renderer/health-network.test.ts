// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import HealthSettingsCard from '../../../renderer/src/components/health/HealthSettingsCard.vue';
import LinkHealthSection from '../../../renderer/src/components/health/LinkHealthSection.vue';
import { jobText } from '../../../renderer/src/components/health/health-text.js';
import { asHealthJob } from '../../../renderer/src/stores/link-health.js';
import type { LinkHealth } from '../../../electron/shared/health.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

/*
 * What the renderer shows of the outbound rules: a link the rules kept from being asked ("not
 * checked", with the rule in words), the job's count of them, and the setting
 * "Also check links to addresses on my own network" in Settings.
 */

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

beforeEach(() => {
  fake = installFakeBridge();
  setActivePinia(createPinia());
  fake.answer('health:status', ok(null));
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

const refused: LinkHealth = {
  linkId: 9,
  checkedAt: Date.now() - 60_000,
  state: 'not-checked',
  status: null,
  chain: [{ url: 'http://127.0.0.1:8080/admin', status: null }],
  timeMs: 1,
  problem: 'Not checked — private address (127.0.0.1 is loopback). Links into your own network are checked only with “Also check links to addresses on my own network” on, in Settings.',
};

describe('a link the outbound rules kept from being asked', () => {
  it('says which rule stopped the check, not that the link is broken', async () => {
    fake.answer('health:get', ok(refused));
    wrapper = mount(LinkHealthSection, { props: { linkId: 9, longUrl: 'http://127.0.0.1:8080/admin' }, attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[data-testid="link-health"]').attributes('data-state')).toBe('not-checked');
    expect(wrapper.get('[data-testid="link-health-summary"]').text()).toBe(refused.problem);
    expect(wrapper.get('[data-testid="link-health-meta"]').text()).toMatch(/^Tried 1 minute ago/);
  });

  it('counts them in the job’s line', () => {
    const job = asHealthJob({ id: 'j', status: 'done', total: 5, checked: 5, broken: 1, notChecked: 2, startedAt: 1, finishedAt: 2 })!;
    expect(jobText(job)).toBe('Checked 5 links · 1 broken · 2 not checked (private addresses)');
    // An older backend without the count: none.
    expect(asHealthJob({ id: 'j', status: 'done', total: 5, checked: 5, broken: 0, startedAt: 1, finishedAt: 2 })?.notChecked).toBe(0);
  });
});

describe('the setting in Settings', () => {
  it('shows the saved value (off by default) and saves a change at once', async () => {
    fake.answer('health:settings', ok({ checkOwnNetwork: false }));
    fake.answer('health:configure', (arg: unknown) => ok(arg));
    wrapper = mount(HealthSettingsCard, { attachTo: document.body });
    await flushPromises();
    const toggle = wrapper.get('[data-testid="health-own-network"]');
    expect(toggle.attributes('aria-checked')).toBe('false');
    expect(wrapper.text()).toContain('Also check links to addresses on my own network');
    await toggle.trigger('click');
    await flushPromises();
    expect(fake.callsTo('health:configure')).toEqual([{ checkOwnNetwork: true }]);
    expect(wrapper.get('[data-testid="health-own-network"]').attributes('aria-checked')).toBe('true');
  });

  it('says in words when the setting could not be saved, and shows what is still saved', async () => {
    fake.answer('health:settings', ok({ checkOwnNetwork: false }));
    fake.answer('health:configure', fail('internal', 'The setting could not be written to disk. Check that there is free space and try again.'));
    wrapper = mount(HealthSettingsCard, { attachTo: document.body });
    await flushPromises();
    await wrapper.get('[data-testid="health-own-network"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="health-settings-error"]').text()).toContain('could not be written to disk');
    expect(wrapper.get('[data-testid="health-own-network"]').attributes('aria-checked')).toBe('false');
  });
});
