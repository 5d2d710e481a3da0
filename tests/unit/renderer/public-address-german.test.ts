// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import PublicAddressCard from '../../../renderer/src/components/workspace/PublicAddressCard.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { checkProblemRef, proxyCannotReachRef } from '../../../electron/backend/accounts/public-address-check.js';
import { englishText } from '../../../electron/shared/message-ref.js';
import { keychainOk, localProfile, ok } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * Issue 44: the Public address card says the field's problems and the address check's findings
 * in the person's language. The check's sentence comes from the backend as a message ref beside
 * its English words (which stay for logs and the command line).
 */

// Each test in German with the local workspace's profile loaded; a test may switch back to English.
const ui = mountInLanguage('de', async (fake) => {
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  await useProfilesStore().load();
});

async function mountCard(): Promise<VueWrapper> {
  const wrapper = ui.mount(PublicAddressCard, { attachTo: document.body });
  await flushPromises();
  return wrapper;
}

const feedback = (w: VueWrapper): string => w.find('.n-form-item-feedback-wrapper').text().trim();

/** No raw key and no English sentence left in a German text. */
function looksGerman(text: string): void {
  expect(text).toBeTruthy();
  expect(text).not.toMatch(/validation\.|errors\.|workspace\./);
  expect(text).not.toMatch(/\b(Enter|Remove|the|is|and|answered|cannot)\b/);
}

describe('Public address in German', () => {
  it('says the field’s problems in German, the typed parts as given', async () => {
    const w = await mountCard();
    await w.get('[data-testid="public-address-input"]').setValue('https://go.example.com/links');
    await flushPromises();
    expect(feedback(w)).toBe(
      'Entfernen Sie den Pfad (/links): Kurzlinks bestehen aus der Adresse und dem Alias, daher braucht der Arbeitsbereich einen eigenen Host.',
    );
    await w.get('[data-testid="public-address-input"]').setValue('http://localhost:8080');
    await flushPromises();
    expect(feedback(w)).toBe('localhost ist dieser Computer: Links damit öffnen sich nur hier. Geben Sie eine Adresse ein, die andere erreichen können.');
    looksGerman(feedback(w));
  });

  it('says why the check failed in German, and in English where the window is English', async () => {
    const problemRef = proxyCannotReachRef('https://go.example.com', 502, 4100);
    ui.fake.answer('profiles:check-public-url', ok({ verified: false, problem: englishText(problemRef), problemRef }));
    const w = await mountCard();
    await w.get('[data-testid="public-address-input"]').setValue('https://go.example.com');
    await flushPromises();
    await w.get('[data-testid="public-address-save"]').trigger('click');
    await flushPromises();
    const shown = w.get('[data-testid="public-address-problem"]').text();
    expect(shown).toContain(
      'https://go.example.com hat von Ihrem Proxy HTTP 502 geantwortet: Ihr Proxy erreicht den Arbeitsbereich unter 127.0.0.1:4100 nicht (seine Verbindung zum Arbeitsbereich ist fehlgeschlagen).',
    );
    looksGerman(shown);
    setAppLocale('en');
    await flushPromises();
    expect(w.get('[data-testid="public-address-problem"]').text()).toContain(englishText(problemRef));
  });

  it('keeps the English words of every check problem for logs, with the number in the locale', () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(englishText(checkProblemRef(timeout, 'https://go.example.com', 10_000))).toBe(
      'go.example.com did not answer within 10 s: a firewall may drop the connection, or the address points nowhere.',
    );
  });
});
