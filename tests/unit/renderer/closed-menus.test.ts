// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { NDropdown } from 'naive-ui';
import ExportMenu from '../../../renderer/src/components/export/ExportMenu.vue';
import HealthCheckControl from '../../../renderer/src/components/health/HealthCheckControl.vue';
import { i18n, setAppLocale } from '../../../renderer/src/i18n/index.js';
import { useLinksWorkspaceStore } from '../../../renderer/src/stores/links-workspace.js';
import { installFakeBridge, ok } from './fake-bridge.js';

/*
 * Issue 43: the links toolbar's two menus built their options (a `t()` with the count for each)
 * at every count change, i.e. at every keystroke's answer, though closed. Closed, they now draw
 * nothing when the count changes; open, they show the count and the language as they stand.
 */

let wrapper: VueWrapper | undefined;

beforeEach(() => {
  const fake = installFakeBridge();
  fake.answer('health:status', ok(null));
  setActivePinia(createPinia());
});

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  vi.restoreAllMocks();
  await setAppLocale('en');
});

const menuTexts = () => [...document.querySelectorAll('.n-dropdown-option')].map((el) => el.textContent?.trim());

const cases = [
  { name: 'Export', component: ExportMenu, button: 'links-export', key: 'exports.csvMatching', en: (n: string) => `CSV of the ${n} matching links`, de: 'CSV des 1 passenden Links', en1: 'CSV of the 1 matching link' },
  { name: 'Check links', component: HealthCheckControl, button: 'health-check-button', key: 'health.checkMatching', en: (n: string) => `Check the ${n} matching links`, de: 'Den 1 passenden Link prüfen', en1: 'Check the 1 matching link' },
] as const;

describe.each(cases)('the "$name" menu', ({ component, button, key, en, de, en1 }) => {
  it('builds nothing while closed as the count changes, and shows the count and language once opened', async () => {
    const workspace = useLinksWorkspaceStore();
    workspace.q = 'spring';
    workspace.total = 3;
    wrapper = mount(component, { attachTo: document.body });
    await flushPromises();
    const dropdown = wrapper.findComponent(NDropdown);
    const optionsBefore = dropdown.props('options');
    // The composer's own `t`, which the app's `t` calls: vue-i18n's full type is too deep for tsc here.
    const translate = vi.spyOn(i18n.global as unknown as { t: (key: string) => string }, 't');

    for (const total of [40, 500, 1234]) {
      workspace.total = total;
      await flushPromises();
    }
    expect(translate.mock.calls.filter(([k]) => k === key)).toHaveLength(0);
    expect(dropdown.props('options')).toBe(optionsBefore);

    await wrapper.get(`[data-testid="${button}"]`).trigger('click');
    await flushPromises();
    expect(menuTexts()).toContain(en((1234).toLocaleString('en')));

    // Open, it follows the count and a language switch.
    workspace.total = 1;
    await flushPromises();
    expect(menuTexts()).toContain(en1);
    await setAppLocale('de');
    await flushPromises();
    expect(menuTexts()).toContain(de);
  });
});
