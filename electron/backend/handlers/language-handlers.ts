import type { LanguageState } from '../../shared/language.js';
import type { BackendContext } from '../backend-context.js';
import { createLanguageStore } from '../language/language-settings.js';
import type { Handlers } from '../router.js';

type LanguageChannel = Extract<keyof Handlers, `language:${string}`>;

/**
 * The language setting: the person's choice, kept app-wide in the data folder, and the OS's
 * preferred languages where the shell knows them (`systemLanguages`, from Electron's
 * app.getPreferredSystemLanguages(); absent in the web shell, where the browser's count). A
 * change is pushed as `language:changed`: every window and the Electron shell's menus follow it
 * at once.
 */
export function languageHandlers(context: Pick<BackendContext, 'dataDir' | 'log' | 'events'>, systemLanguages?: () => readonly string[]): Pick<Handlers, LanguageChannel> {
  const store = createLanguageStore(context.dataDir, context.log);
  const state = (choice: LanguageState['choice']): LanguageState => ({ choice, system: systemLanguages ? [...systemLanguages()] : null });
  return {
    'language:get': async () => state(await store.get()),
    'language:set': async ({ choice }) => {
      const saved = state(await store.set(choice));
      context.events.emit('language:changed', saved);
      return saved;
    },
  };
}
