// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { NSelect } from 'naive-ui';
import SettingsView from '../../../renderer/src/views/SettingsView.vue';
import WelcomeView from '../../../renderer/src/views/WelcomeView.vue';
import BudgetMeter from '../../../renderer/src/components/BudgetMeter.vue';
import { describeBudget } from '../../../renderer/src/composables/budget-text.js';
import { syncText } from '../../../renderer/src/composables/sync-text.js';
import { i18n, setAppLocale } from '../../../renderer/src/i18n/index.js';
import { useLanguageStore } from '../../../renderer/src/stores/language.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { budgetOf, keychainOk, localProfile, ok, remoteProfile } from './fake-bridge.js';

/*
 * The app's frame, settings and welcome in German (issue 44): the language setting switches
 * every word at once, a push from another window does too, plurals take each count's form, and
 * no message key or English sentence is left on these screens.
 */

let wrapper: VueWrapper | undefined;

const locale = () => (i18n.global.locale as unknown as { value: string }).value;
/** A key of this area left raw on screen ("settings.lead"), the sign of a missing message. */
const RAW_KEY = /\b(app|settings|welcome|account|profiles|clipboard|desktopSettings|workspace)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;

const ui = mountInLanguage('en', async (fake) => {
  fake.answer('app:info', ok({ name: 'Linkdeck', version: '0.1.0', shell: 'web', platform: 'linux' }));
  fake.answer('profiles:list', ok({ profiles: [localProfile, remoteProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('language:get', ok({ choice: 'system', system: null }));
  fake.answer('language:set', (arg: unknown) => ok({ choice: (arg as { choice: string }).choice, system: null }));
  fake.answer('desktop:settings', ok({ available: false, closeToTray: false, hotkey: '', hotkeyRegistered: false, openAtLogin: false, openAtLoginSupported: false }));
  fake.answer('clipboard:state', ok({ profileId: localProfile.id, available: false, limit: 'web-shell', enabled: false, paused: false, status: 'off', offline: false, pollIntervalMs: 400, lastAction: null, lastError: null }));
  fake.answer('clipboard:settings', ok({ enabled: false, paused: false, pollIntervalMs: 400, offline: 'queue', defaults: {}, rules: [] }));
  fake.answer('health:settings', ok({ checkOwnNetwork: false }));
  await useProfilesStore().load();
});

describe('the language setting', () => {
  it('switches Settings to German at once when Deutsch is chosen, and saves the choice', async () => {
    await useLanguageStore().load();
    wrapper = ui.mount(SettingsView, { attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[data-testid="page-title"]').text()).toBe('Settings');

    const select = wrapper.get('[data-testid="language-card"]').findComponent(NSelect);
    select.vm.$emit('update:value', 'de');
    await flushPromises();

    expect(ui.fake.callsTo('language:set')).toEqual([{ choice: 'de' }]);
    expect(locale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    const text = wrapper.text();
    expect(wrapper.get('[data-testid="page-title"]').text()).toBe('Einstellungen');
    expect(text).toContain('Weiteren Dienst verbinden');
    expect(text).toContain('Lokaler Arbeitsbereich');
    expect(text).toContain('Entfernt');
    expect(text).toContain('Sprache von Linkdeck');
    for (const english of ['Connect another service', 'Remote service', 'Service address', 'Language of Linkdeck', 'Only in the desktop app', 'Running in']) {
      expect(text).not.toContain(english);
    }
    expect(text).not.toMatch(RAW_KEY);
  });

  it('follows a change made in another window (language:changed) and the system when set back', async () => {
    const language = useLanguageStore();
    await language.load();
    ui.fake.emit('language:changed', { choice: 'fr', system: ['de-AT'] });
    expect(locale()).toBe('fr');
    ui.fake.emit('language:changed', { choice: 'system', system: ['de-AT', 'en-US'] });
    expect(locale()).toBe('de');
    expect(language.systemLocale).toBe('de');
  });

  it('names each language in itself and “System” with the language it gives now', async () => {
    ui.fake.answer('language:get', ok({ choice: 'system', system: ['pt-BR'] }));
    await useLanguageStore().load();
    wrapper = ui.mount(SettingsView, { attachTo: document.body });
    await flushPromises();
    const options = wrapper.get('[data-testid="language-card"]').findComponent(NSelect).props('options') as { label: string; value: string }[];
    expect(options.map((o) => o.label)).toEqual(['Sistema (Português (Brasil))', 'English', 'Deutsch', 'Français', 'Español', 'Português (Brasil)']);
  });
});

describe('the frame and first screens in German', () => {
  it('says the rate budget with real plurals', async () => {
    setAppLocale('de');
    const now = Date.now();
    expect(describeBudget(budgetOf(1, 1), now).text).toBe('1 von 1 Anfrage übrig');
    expect(describeBudget(budgetOf(5, 1200), now).text).toBe('5 von 1.200 Anfragen übrig');
    wrapper = ui.mount(BudgetMeter, { props: { budget: budgetOf(3, 30), now } });
    expect(wrapper.get('[data-testid="budget-meter"]').attributes('aria-label')).toMatch(/^Kontingent: 3 von 30 Anfragen übrig/);
  });

  it('says a first sync and its time left in German', () => {
    setAppLocale('de');
    const progress = { phase: 'first-sync', collection: 'links', done: 1200, total: 10000, etaMs: 180_000, syncedAt: null, error: null } as never;
    expect(syncText(progress)).toBe('Links werden synchronisiert 1.200 / 10.000 · noch etwa 3 Min.');
    expect(syncText({ phase: 'idle', syncedAt: 1 } as never)).toBe('Synchronisiert');
  });

  it('shows the welcome screen in German, with no key or English sentence left', async () => {
    setAppLocale('de');
    wrapper = ui.mount(WelcomeView, { attachTo: document.body });
    await flushPromises();
    const text = wrapper.text();
    expect(text).toContain('Willkommen bei Linkdeck');
    expect(text).toContain('Lokalen Arbeitsbereich verwenden');
    expect(text).toContain('Mit einem Dienst verbinden');
    expect(text).toContain('Adresse des Dienstes');
    expect(text).not.toMatch(RAW_KEY);
    for (const english of ['Welcome to Linkdeck', 'Use the local workspace', 'Connect to a service', 'Service address', 'Profile name']) expect(text).not.toContain(english);
  });
});
