import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { call, onEvent } from '../bridge.js';
import { setAppLocale } from '../i18n/index.js';
import { effectiveLocale, isLanguageChoice, type LanguageChoice, type LanguageState } from '../../../electron/shared/language.js';
import type { LoadStatus } from './load-status.js';

/** The browser's languages, most wanted first: the system's in the web shell. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

const isLanguageState = (value: unknown): value is LanguageState => {
  const v = value as Partial<LanguageState> | null;
  return !!v && isLanguageChoice(v.choice) && (v.system === null || (Array.isArray(v.system) && v.system.every((s) => typeof s === 'string')));
};

/**
 * The language setting (Settings → Language): follow the system or one language. The choice is
 * kept by the backend, app-wide (language.json in the data folder); the system's languages are
 * the OS's in the desktop app (Electron's app.getPreferredSystemLanguages(), through the
 * contract) and the browser's in the web shell. Applied at once, in every window: a change made
 * here or in another window arrives as `language:changed`.
 */
export const useLanguageStore = defineStore('language', () => {
  const state = ref<LanguageState | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);

  const choice = computed<LanguageChoice>(() => state.value?.choice ?? 'system');
  /** The language the system asks for, whatever is chosen: named beside "System" in the setting. */
  const systemLocale = computed(() => effectiveLocale({ choice: 'system', system: state.value?.system ?? null }, browserLanguages()));
  const locale = computed(() => effectiveLocale(state.value ?? { choice: 'system', system: null }, browserLanguages()));

  function take(next: LanguageState): void {
    state.value = next;
    status.value = 'ready';
    error.value = null;
    setAppLocale(locale.value);
  }

  let pushes = 0;
  async function load(): Promise<void> {
    const pushesBefore = pushes;
    if (status.value === 'idle') status.value = 'loading';
    try {
      const answer = await call('language:get');
      if (pushes !== pushesBefore || !isLanguageState(answer)) return;
      take(answer);
    } catch (e) {
      // The system's language stays (set as the app started): a wrong language is no reason to stop.
      error.value = e;
      status.value = 'error';
    }
  }

  /** Saves the choice; the words change as soon as the backend has kept it. */
  async function choose(next: LanguageChoice): Promise<void> {
    const answer = await call('language:set', { choice: next });
    if (isLanguageState(answer)) take(answer);
  }

  onEvent('language:changed', (payload) => {
    if (!isLanguageState(payload)) return;
    pushes++;
    take(payload);
  });

  return { state, status, error, choice, locale, systemLocale, load, choose };
});
