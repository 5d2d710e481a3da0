/**
 * The language setting: follow the system (the OS's preferred languages in the desktop app, the
 * browser's in the web shell) or one of the languages Linkdeck speaks. Pure: the backend keeps
 * the choice, the renderer and the Electron shell apply it.
 */
import { isSupportedLocale, resolveLocale, type SupportedLocale } from './i18n/locales.js';

export type LanguageChoice = 'system' | SupportedLocale;

export interface LanguageState {
  /** What the person chose in Settings ('system' until they choose). */
  choice: LanguageChoice;
  /**
   * The OS's preferred languages, most wanted first, where the shell knows them (the desktop
   * app: Electron's app.getPreferredSystemLanguages()); null in the web shell, where the
   * browser's own languages (navigator.languages) are the system's.
   */
  system: string[] | null;
}

export const isLanguageChoice = (value: unknown): value is LanguageChoice => value === 'system' || isSupportedLocale(value);

/**
 * The language to show: the one chosen, else the first of the system's that Linkdeck speaks
 * (the OS's where known, else `fallbackLanguages`: the browser's), else English.
 */
export function effectiveLocale(state: LanguageState, fallbackLanguages: readonly string[] = []): SupportedLocale {
  if (state.choice !== 'system') return state.choice;
  return resolveLocale(state.system && state.system.length > 0 ? state.system : fallbackLanguages);
}
