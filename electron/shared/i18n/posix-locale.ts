import { resolveLocale, type SupportedLocale } from './locales.js';

/**
 * A terminal's language, from its environment: the `linkdeck` command line (electron/cli/i18n.ts)
 * and `npm start`'s launcher (electron/web/launch.ts) both speak in it. Pure: the caller hands in
 * its environment.
 */

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The person's languages, most wanted first, as GNU gettext picks the language of messages:
 * LANGUAGE, then LC_ALL, then LC_MESSAGES, then LANG; a set but empty variable is skipped. Source:
 * the gettext manual, "2.3.2 Locale Environment Variables" and "2.3.3 Specifying a Priority List
 * of Languages" (https://www.gnu.org/software/gettext/manual/html_node/Locale-Environment-Variables.html).
 * LANGUAGE (a colon-separated list) is ignored when the locale itself is C/POSIX or unset, as
 * gettext does (glibc's dcigettext.c guess_category_value): LC_ALL=C in a script means English.
 */
export function posixLanguages(env: Env): string[] {
  const first = (...names: string[]) =>
    names.map((n) => env[n]?.trim() ?? '').find((v) => v !== '') ?? '';
  const locale = first('LC_ALL', 'LC_MESSAGES', 'LANG');
  const plain = locale === '' || /^(C|POSIX)([.@]|$)/.test(locale);
  if (plain) return [];
  const language = (env['LANGUAGE'] ?? '').split(':').map((s) => s.trim()).filter(Boolean);
  return [...language.slice(0, 1), locale];
}

/** The supported locale a terminal with this environment asks for (English for C/POSIX). */
export const posixLocale = (env: Env): SupportedLocale => resolveLocale(posixLanguages(env));
