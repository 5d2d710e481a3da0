// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import ClipboardSettingsCard from '../../../renderer/src/components/clipboard/ClipboardSettingsCard.vue';
import ClipboardStatusLine from '../../../renderer/src/components/clipboard/ClipboardStatusLine.vue';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import { WEB_SHELL_REASON } from '../../../electron/backend/clipboard/clipboard-app.js';
import { failureRef, stillWaitingRef } from '../../../electron/backend/clipboard/messages.js';
import type { ClipboardAction } from '../../../electron/shared/clipboard-rules.js';
import type { ClipboardStatus } from '../../../electron/shared/desktop.js';
import { englishText, msg, type MessageRef } from '../../../electron/shared/message-ref.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { keychainOk, localProfile, ok } from './fake-bridge.js';

/*
 * Issue 44: the clipboard watch's status line (its last action, its last failure, why it cannot
 * run) arrives from the backend as message refs, built by the backend's own builders here, and
 * is worded in the window with t(): in German, and again in French after a language switch,
 * with no restart and no new state from the backend.
 */
const world = mountInLanguage('de', (fake) => {
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('clipboard:settings', ok({ enabled: true, paused: false, pollIntervalMs: 400, offline: 'queue', defaults: {}, rules: [] }));
  fake.answer('clipboard:state', ok(status({ available: false, status: 'off', reason: englishText(WEB_SHELL_REASON), reasonRef: WEB_SHELL_REASON, limit: 'web-shell' })));
  for (const list of ['channels:list', 'campaigns:list', 'domains:list'] as const) fake.answer(list, ok({ items: [], source: 'mirror', syncedAt: null }));
  fake.answer('utm:templates', ok([]));
});

const URL_A = 'https://example.com/spring-sale';
const RAW_KEY = /\b(desktop|errors|clipboard)\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;
const ENGLISH = /\b(the|was|not|shortened|clipboard|seconds?|asked|again|works only)\b/i;

function status(patch: Partial<ClipboardStatus> = {}): ClipboardStatus {
  return {
    enabled: true,
    paused: false,
    status: 'watching',
    offline: false,
    pollIntervalMs: 400,
    lastAction: null,
    lastError: null,
    profileId: localProfile.id,
    available: true,
    ...patch,
  };
}

/** A failure as the watcher keeps it: its words in the language of that moment (English here) and its ref. */
const failure = (ref: MessageRef, code = 'rate-limited') => ({ code, message: englishText(ref), ref, at: 1_700_000_000_000 });

const created: ClipboardAction = {
  id: 'clip-1',
  kind: 'created',
  copied: URL_A,
  url: URL_A,
  shortUrl: 'https://sho.rt/x',
  linkId: 100,
  newLink: true,
  rule: null,
  at: 1_700_000_000_000,
  message: `https://sho.rt/x is on the clipboard, for ${URL_A}.`,
  messageRefs: [msg('desktop.clipboard.createdBody', { shortUrl: 'https://sho.rt/x', url: URL_A })],
  undoable: true,
  undone: null,
};

describe('the clipboard watch’s status line in German', () => {
  it('words the last failure with a real plural, one second and several, and the last action', async () => {
    for (const [ms, words] of [
      [1000, `Der Dienst hat Linkdeck gebeten, langsamer zu machen, daher wurde ${URL_A} nicht gekürzt. Versuchen Sie es in 1 Sekunde erneut.`],
      [30_000, `Der Dienst hat Linkdeck gebeten, langsamer zu machen, daher wurde ${URL_A} nicht gekürzt. Versuchen Sie es in 30 Sekunden erneut.`],
    ] as const) {
      const w = world.mount(ClipboardStatusLine, { props: { state: status({ lastAction: created, lastError: failure(stillWaitingRef(URL_A, ms)) }) } });
      expect(w.get('[data-testid="clipboard-last-error"]').text()).toBe(words);
      expect(w.get('[data-testid="clipboard-last-action"]').text()).toContain(`https://sho.rt/x ist in der Zwischenablage, für ${URL_A}.`);
      expect(w.text()).not.toMatch(RAW_KEY);
    }
  });

  it('words a refusal whose reason is the service’s own keyed error, nested', () => {
    const ref = failureRef({ code: 'invalid-input', message: 'The request was cancelled.', key: 'errors.cancelled' }, URL_A, 0);
    const w = world.mount(ClipboardStatusLine, { props: { state: status({ lastError: failure(ref, 'invalid-input') }) } });
    const words = w.get('[data-testid="clipboard-last-error"]').text();
    expect(words).toContain(URL_A);
    expect(words.replace(URL_A, '')).not.toMatch(ENGLISH);
    expect(words).not.toMatch(RAW_KEY);
  });

  it('re-words the same state after a switch to French, with no restart', async () => {
    const w = world.mount(ClipboardStatusLine, { props: { state: status({ lastAction: created, lastError: failure(stillWaitingRef(URL_A, 30_000)) }) } });
    expect(w.get('[data-testid="clipboard-last-error"]').text()).toContain('30 Sekunden');
    await setAppLocale('fr');
    await flushPromises();
    expect(w.get('[data-testid="clipboard-last-error"]').text()).toBe(
      `Le service a demandé à Linkdeck de ralentir\u00a0: ${URL_A} n’a donc pas été raccourci. Réessayez dans 30 secondes.`,
    );
    expect(w.get('[data-testid="clipboard-last-action"]').text()).toContain(`https://sho.rt/x est dans le presse-papiers, pour ${URL_A}.`);
  });

  it('keeps the words it was given for a ref this window does not know', () => {
    const unknown = { code: 'internal', message: 'A sentence from a newer backend.', ref: msg('desktop.clipboard.fromTheFuture'), at: 1 };
    const w = world.mount(ClipboardStatusLine, { props: { state: status({ lastError: unknown }) } });
    expect(w.get('[data-testid="clipboard-last-error"]').text()).toBe('A sentence from a newer backend.');
  });

  it('says why the web shell has no watch in German, and in French after a switch', async () => {
    await useProfilesStore().load();
    const w = world.mount(ClipboardSettingsCard, { attachTo: document.body });
    await flushPromises();
    const alert = () => w.get('[data-testid="clipboard-unavailable"]').text();
    expect(alert()).toContain('Die Überwachung der Zwischenablage funktioniert nur in der Desktop-App von Linkdeck');
    expect(alert()).not.toMatch(/works only in the Linkdeck desktop app/);
    await setAppLocale('fr');
    await flushPromises();
    expect(alert()).toContain('La surveillance du presse-papiers ne fonctionne que dans l’application de bureau Linkdeck');
  });
});
