import { afterEach, beforeEach } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { SupportedLocale } from '../../electron/shared/i18n/locales.js';
import { setAppLocale } from '../../renderer/src/i18n/index.js';
import { budgetOf, installFakeBridge, keychainOk, localProfile, ok, type FakeBridge } from '../unit/renderer/fake-bridge.js';

/*
 * The set-up every component test in another language repeated (issue 44): the language switched
 * before each test and English restored after it, a fresh fake bridge and Pinia per test, and
 * every component mounted with that Pinia, attached to the page and unmounted after the test.
 */

/** Only the language, for tests of text functions: switched before each test, English after. */
export function inLanguage(locale: SupportedLocale): void {
  beforeEach(() => setAppLocale(locale));
  afterEach(() => setAppLocale('en'));
}

export interface LanguageMount {
  /** This test's fake bridge (window.linkdeck). */
  readonly fake: FakeBridge;
  /** This test's Pinia, already active. */
  readonly pinia: Pinia;
  /** Vue Test Utils' mount, with this test's Pinia added to the plugins; unmounted after the test. */
  readonly mount: typeof mount;
  /** A fresh Pinia, active from now on (a second mount that must not share the first's stores). */
  freshPinia(): Pinia;
}

type MountOptions = { global?: { plugins?: unknown[] } } & Record<string, unknown>;

/**
 * Each test of the file in `locale`, with `answer` giving the fake bridge its answers before the
 * test runs. Call once at the top of the file; read `fake` and `pinia` inside the tests.
 */
export function mountInLanguage(locale: SupportedLocale, answer: (fake: FakeBridge) => void | Promise<void> = () => {}): LanguageMount {
  let fake: FakeBridge | undefined;
  let pinia: Pinia | undefined;
  const mounted: Array<{ unmount(): void }> = [];
  const current = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} exists only while a test runs`);
    return value;
  };
  const freshPinia = () => {
    pinia = createPinia();
    setActivePinia(pinia);
    return pinia;
  };

  beforeEach(async () => {
    await setAppLocale(locale);
    globalThis.localStorage?.clear();
    fake = installFakeBridge();
    freshPinia();
    await answer(fake);
  });
  afterEach(async () => {
    for (const wrapper of mounted.splice(0)) wrapper.unmount();
    delete window.linkdeck;
    document.body.innerHTML = '';
    await setAppLocale('en');
  });

  const mountWithPinia = (component: never, options: MountOptions = {}) => {
    const plugins = [current(pinia, 'pinia'), ...(options.global?.plugins ?? [])];
    const wrapper = mount(component, { ...options, global: { ...options.global, plugins } } as never);
    mounted.push(wrapper);
    return wrapper;
  };
  return {
    get fake() {
      return current(fake, 'fake');
    },
    get pinia() {
      return current(pinia, 'pinia');
    },
    mount: mountWithPinia as unknown as typeof mount,
    freshPinia,
  };
}

/** The answers the app's frame asks for (profiles, budget, connection, sync, outbox) on a local workspace. */
export function answerAppFrame(fake: FakeBridge): void {
  fake.answer('profiles:list', ok({ profiles: [localProfile], currentId: localProfile.id, keychain: keychainOk }));
  fake.answer('budget:state', ok(budgetOf()));
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: true }));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer('outbox:list', ok([]));
}
