/**
 * The languages Linkdeck speaks and how a person's preferred languages pick one. Pure: the
 * renderer, the Electron shell (app.getPreferredSystemLanguages()), the web shell (the browser's
 * languages) and the command line (LANG / LC_ALL) all resolve through this one function.
 */

export const SUPPORTED_LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en';

/** Each language's name in itself, for the language setting (a person looks for their own). */
export const LOCALE_NAMES: Record<SupportedLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** "de_DE.UTF-8" (POSIX), "de-de", "pt_BR" → a BCP 47 tag ("de-DE", "pt-BR"); "" for C/POSIX. */
export function normaliseLanguageTag(raw: string): string {
  const tag = raw.split(/[.@]/)[0]?.replace(/_/g, '-').trim() ?? '';
  if (tag === '' || tag === 'C' || tag === 'POSIX') return '';
  const [language = '', ...rest] = tag.split('-');
  return [language.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
}

/**
 * The first of `preferred` (most wanted first) that Linkdeck speaks: an exact tag, else the same
 * language (de-AT → de, pt-PT → pt-BR, es-MX → es), else English.
 */
export function resolveLocale(preferred: readonly string[]): SupportedLocale {
  for (const raw of preferred) {
    const tag = normaliseLanguageTag(raw);
    if (tag === '') continue;
    const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0];
    const same = SUPPORTED_LOCALES.find((l) => l.split('-')[0] === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}
