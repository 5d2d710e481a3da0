// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import ClipboardSettingsCard from '../../../renderer/src/components/clipboard/ClipboardSettingsCard.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { invalidSettings } from '../../../electron/backend/clipboard/clipboard-app.js';
import { validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { toAppError } from '../../../electron/backend/app-error.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { keychainOk, localProfile, ok } from './fake-bridge.js';

/*
 * Issue 44: a rule the backend refuses (a domain that is not one) comes back as the backend's
 * own validation run on what the form sent, keys and arguments through a JSON round trip as the
 * boundary carries them, and is shown next to that rule's field in German, the person's input
 * in German quotation marks; the form's line above says the same in German.
 */
const world = mountInLanguage('de', (fake) => {
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('clipboard:settings', ok({ enabled: true, paused: false, pollIntervalMs: 400, offline: 'queue', defaults: {}, rules: [] }));
  fake.answer('clipboard:state', ok({ enabled: true, paused: false, status: 'watching', offline: false, pollIntervalMs: 400, lastAction: null, lastError: null, profileId: localProfile.id, available: true }));
  for (const list of ['channels:list', 'campaigns:list', 'domains:list'] as const) fake.answer(list, ok({ items: [], source: 'mirror', syncedAt: null }));
  fake.answer('utm:templates', ok([]));
  // The real backend check on what the form sends, its refusal as the boundary carries it.
  fake.answer('clipboard:configure', (arg: unknown) => {
    const result = validateClipboardSettings(arg);
    if (result.ok) return ok(result.settings);
    return JSON.parse(JSON.stringify({ ok: false, error: toAppError(invalidSettings(result.issues)) })) as unknown;
  });
});

const messageNear = (el: Element | undefined) =>
  el?.closest('.n-form-item')?.querySelector('.n-form-item-feedback-wrapper')?.textContent?.trim() ?? '';
const matchField = (w: VueWrapper, index: number) => w.findAll('[data-testid="clipboard-rule-match"]')[index];

async function ruleRefused(match: string): Promise<VueWrapper> {
  await useProfilesStore().load();
  const w = world.mount(ClipboardSettingsCard, { attachTo: document.body });
  await flushPromises();
  await w.get('[data-testid="clipboard-add-deny"]').trigger('click');
  await flushPromises();
  await matchField(w, 0)?.setValue(match);
  await flushPromises();
  await w.get('[data-testid="clipboard-form"]').trigger('submit');
  await flushPromises();
  expect(world.fake.callsTo('clipboard:configure')).toHaveLength(1);
  return w;
}

describe('a refused clipboard rule in the settings form, in German', () => {
  it('shows the domain refusal next to the rule’s field, the input in „…“, and the form line in German', async () => {
    const w = await ruleRefused('exa$mple.com');
    const field = matchField(w, 0);
    expect(field?.attributes('aria-invalid')).toBe('true');
    expect(messageNear(field?.element)).toBe('„exa$mple.com“ ist kein Domainname; schreiben Sie einen wie example.com.');
    const line = w.get('[data-testid="clipboard-form-error"]').text();
    // Under the alert's title („Die Einstellungen wurden nicht gespeichert“), the backend's sentence.
    expect(line).toContain(
      'Die Einstellungen zum Überwachen der Zwischenablage wurden nicht gespeichert: „exa$mple.com“ ist kein Domainname; schreiben Sie einen wie example.com.',
    );
    expect(w.text()).not.toMatch(/is not a domain name|were not saved|validation\.clipboard\./);
  });

  it('shows a host pattern refusal next to the rule’s field in German', async () => {
    const w = await ruleRefused('*.exa$mple.com/blog/*');
    expect(messageNear(matchField(w, 0)?.element)).toBe(
      '„*.exa$mple.com“ ist kein gültiges Host-Muster; schreiben Sie eines wie *.example.com oder example.com:8080.',
    );
  });
});
