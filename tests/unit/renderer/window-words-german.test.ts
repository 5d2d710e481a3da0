// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import UtmFields from '../../../renderer/src/components/utm/UtmFields.vue';
import ClipboardSettingsCard from '../../../renderer/src/components/clipboard/ClipboardSettingsCard.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { call } from '../../../renderer/src/bridge.js';
import { errorText } from '../../../renderer/src/composables/error-text.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { keychainOk, localProfile, ok } from './fake-bridge.js';

/*
 * Sentences an audit found in English on a German screen (issue 44): the window's own failures
 * (no bridge, no answer, an unreadable answer, a channel this version lacks) and the UTM
 * template's checks next to its name and parameters.
 */

const list = <T,>(items: T[]) => ({ items, source: 'mirror', syncedAt: null });
const ui = mountInLanguage('de', async (fake) => {
  fake.answer('utm:templates', ok([]));
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('clipboard:settings', ok({ enabled: true, paused: false, pollIntervalMs: 400, offline: 'queue', defaults: {}, rules: [{ match: 'example.com', action: 'allow' }] }));
  fake.answer('clipboard:state', ok({ enabled: true, paused: false, status: 'watching', offline: false, pollIntervalMs: 400, lastAction: null, lastError: null, profileId: localProfile.id, available: true }));
  for (const channel of ['channels:list', 'campaigns:list', 'domains:list'] as const) fake.answer(channel, ok(list([])));
  await useProfilesStore().load();
});

async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return errorText(error);
  }
  throw new Error('the call did not fail');
}

describe('the window’s own failures in German', () => {
  it('says a missing bridge, a channel it lacks, no answer and an unreadable answer in German', async () => {
    const bridge = window.linkdeck as unknown as Record<string, unknown>;
    const listProfiles = bridge['profiles:list'];

    bridge['profiles:list'] = () => Promise.reject(new Error('socket hang up'));
    expect(await failure(() => call('profiles:list'))).toBe(
      'Der Hintergrundprozess von Linkdeck hat nicht geantwortet (socket hang up). Starten Sie Linkdeck neu und versuchen Sie es erneut.',
    );
    bridge['profiles:list'] = () => Promise.resolve({ nonsense: true });
    expect(await failure(() => call('profiles:list'))).toMatch(/^Linkdeck hat so geantwortet, dass dieses Fenster/);
    bridge['profiles:list'] = () => Promise.resolve({ ok: false, error: {} });
    expect(await failure(() => call('profiles:list'))).toMatch(/^Linkdeck hat so geantwortet, dass dieses Fenster/);
    bridge['profiles:list'] = undefined;
    expect(await failure(() => call('profiles:list'))).toBe('Diese Version von Linkdeck kann „profiles:list“ nicht ausführen. Starten Sie Linkdeck neu, um es zu aktualisieren.');
    bridge['profiles:list'] = listProfiles;

    delete window.linkdeck;
    const none = await failure(() => call('profiles:list'));
    expect(none).toBe('Dieses Fenster ist nicht mit Linkdeck verbunden. Starten Sie Linkdeck neu und versuchen Sie es erneut.');
    expect(none).not.toMatch(/Restart|window|answer/);
  });
});

describe('the UTM template’s checks in German', () => {
  it('says a missing name and missing parameters next to their fields in German', async () => {
    const w = ui.mount(UtmFields, { props: { modelValue: {} }, attachTo: document.body });
    await flushPromises();
    await w.get('[data-testid="utm-save-template"]').trigger('click');
    await flushPromises();
    await w.get('[data-testid="utm-template-save"]').trigger('click');
    await flushPromises();
    const name = w.get('[data-testid="utm-template-name-message"]').text();
    const params = w.get('[data-testid="utm-save-params-error"]').text();
    expect(name).not.toBe('');
    expect(params).not.toBe('');
    for (const text of [name, params]) expect(text).not.toMatch(/Give the template|Fill in|UTM parameter\b|validation\./);
    expect(name).toMatch(/Vorlage|Namen/);
  });
});

describe('the clipboard settings’ refusal in German', () => {
  it('says the backend’s keyed refusal above the form in German, not its English message', async () => {
    const w = ui.mount(ClipboardSettingsCard, { attachTo: document.body });
    await flushPromises();
    const first = { key: 'validation.clipboard.regexEmpty' };
    ui.fake.answer('clipboard:configure', {
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'The clipboard settings were not saved: This regular expression does not compile.',
        key: 'errors.clipboard.notSaved',
        params: { n: 1, first },
        details: { issues: [{ path: ['rules', '0', 'match'], message: 'This regular expression does not compile.' }] },
      },
    } as never);
    await w.get('[data-testid="clipboard-form"]').trigger('submit');
    await flushPromises();
    const said = w.get('[data-testid="clipboard-form-error"]').text();
    expect(said).toContain('Die Einstellungen zum Überwachen der Zwischenablage wurden nicht gespeichert: Zwischen den Schrägstrichen');
    expect(said).not.toMatch(/were not saved|regular expression/);
  });
});
