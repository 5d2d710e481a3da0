import { readFileSync } from 'node:fs';
import { languagePath } from '../backend/language/language-settings.js';
import { resolveLocale, type SupportedLocale } from '../shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../shared/i18n/shared-messages.js';
import { createTranslator, type Translate } from '../shared/i18n/translate.js';
import { effectiveLocale, isLanguageChoice, type LanguageChoice, type LanguageState } from '../shared/language.js';

/*
 * The Electron shell's own words (tray menu, app menu, notifications, the quick-shorten window's
 * title, dialogs) in the app's language: the `desktop` area of electron/shared/i18n, formatted
 * by the same ICU formatter as the renderer's. No Electron import, so the menus' templates stay
 * testable under plain Node.
 */

const translators = new Map<SupportedLocale, Translate>();

/** One translator per language, made once. */
export function desktopTranslator(locale: SupportedLocale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, SHARED_MESSAGES);
    translators.set(locale, t);
  }
  return t;
}

/**
 * The language saved in Settings, read without changing anything (the backend reads it for real,
 * and moves a damaged file aside): what the shell says before the backend is open (the clipboard
 * card's session sentence, a start that fails) follows the person's choice too.
 */
export function savedLanguageChoice(dataDir: string): LanguageChoice {
  try {
    const saved: unknown = JSON.parse(readFileSync(languagePath(dataDir), 'utf8'));
    const choice = (saved as { version?: unknown; choice?: unknown } | null)?.choice;
    return (saved as { version?: unknown }).version === 1 && isLanguageChoice(choice) ? choice : 'system';
  } catch {
    return 'system';
  }
}

/**
 * The shell's current language: the OS's until the backend has said what the person chose, then
 * the choice (`language:get`, and `language:changed` after every change in Settings).
 */
export class DesktopLanguage {
  locale: SupportedLocale;
  private readonly listeners = new Set<() => void>();

  constructor(systemLanguages: () => readonly string[]) {
    this.locale = resolveLocale(systemLanguages());
  }

  get t(): Translate {
    return desktopTranslator(this.locale);
  }

  /** Takes the setting; tells the listeners (menus to rebuild) only when the language changed. */
  apply(state: LanguageState): void {
    const next = effectiveLocale(state);
    if (next === this.locale) return;
    this.locale = next;
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
