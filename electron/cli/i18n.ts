import { resolveLocale, type SupportedLocale } from '../shared/i18n/locales.js';
import { createTranslator, type MessageValues, type Translate } from '../shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../shared/i18n/shared-messages.js';
import { errorRefOf } from '../shared/keyed-error.js';
import { isMessageRef, renderMessage } from '../shared/message-ref.js';

/**
 * The command line's language: its human output (stderr sentences, table headings on a
 * terminal, prompts) follows the POSIX locale; --json, CSV, piped lines and exit codes never do.
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

export const cliLocaleFrom = (env: Env): SupportedLocale => resolveLocale(posixLanguages(env));

let locale: SupportedLocale | null = null;
let translate: Translate | null = null;
let english: Translate | null = null;

/** The locale of this run (read once from the environment). */
export function cliLocale(): SupportedLocale {
  locale ??= cliLocaleFrom(process.env);
  return locale;
}

/** A sentence of the `cli` area (or another shared area) in the person's language. */
export function t(key: string, values?: MessageValues): string {
  translate ??= createTranslator(cliLocale(), SHARED_MESSAGES);
  return translate(key, values);
}

/** The same sentence in English: for --json documents, which never change with the language. */
export function tEnglish(key: string, values?: MessageValues): string {
  english ??= createTranslator('en', SHARED_MESSAGES);
  return english(key, values);
}

export const formatNumber = (n: number): string => new Intl.NumberFormat(cliLocale()).format(n);

export const formatTime = (at: number): string =>
  new Intl.DateTimeFormat(cliLocale(), { timeStyle: 'short' }).format(at);

/** "3 minutes ago" in the person's language, for how old the mirror or a change is. */
export function age(at: number | null, now = Date.now(), locale: SupportedLocale = cliLocale()): string {
  const say = locale === 'en' ? tEnglish : t;
  if (at === null) return say('cli.age.never');
  // numeric 'always': "1 day ago" rather than "yesterday" (which reads wrong after "synced").
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return s <= 1 ? say('cli.age.justNow') : rtf.format(-s, 'second');
  const m = Math.round(s / 60);
  if (m < 60) return rtf.format(-m, 'minute');
  const h = Math.round(m / 60);
  if (h < 48) return rtf.format(-h, 'hour');
  return rtf.format(-Math.round(h / 24), 'day');
}

/**
 * A backend error in words: one that carries a message key (AppErrorInfo's `key`/`params`, being
 * added by the backend's translation) is said in the person's language; else its `message`.
 */
export function errorText(error: { message: string; key?: unknown; params?: unknown; ref?: unknown }): string {
  // A KeyedError (a failure of this process, such as the app hanging up) carries its ref whole.
  const ref = errorRefOf(error) ?? { key: error.key, ...(error.params === undefined ? {} : { params: error.params }) };
  if (isMessageRef(ref)) {
    // Nested refs ({ what: errors.doing.listLinks }) are said as a whole, in the same language.
    const text = renderMessage(ref, t, cliLocale());
    if (text !== ref.key) return text;
  }
  return error.message;
}
