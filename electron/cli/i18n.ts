import { formatList, quoted, type ListType } from '../shared/i18n/lists.js';
import type { SupportedLocale } from '../shared/i18n/locales.js';
import { posixLocale } from '../shared/i18n/posix-locale.js';
import { createTranslator, type MessageValues, type Translate } from '../shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../shared/i18n/shared-messages.js';
import { errorRefOf } from '../shared/keyed-error.js';
import { isMessageRef, renderMessage, type MessageRef } from '../shared/message-ref.js';

/**
 * The command line's language: its human output (stderr sentences, table headings on a
 * terminal, prompts) follows the POSIX locale; --json, CSV, piped lines and exit codes never do.
 */

// The rule itself is shared with `npm start`'s launcher (electron/shared/i18n/posix-locale.ts).
export { posixLanguages } from '../shared/i18n/posix-locale.js';

export const cliLocaleFrom = posixLocale;

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

// Both say their language, as a translator from createTranslator does: what is handed one of them
// (commander-words.ts, renderMessage's name lists) lists and quotes names in that language.
Object.defineProperty(t, 'locale', { get: cliLocale });
Object.defineProperty(tEnglish, 'locale', { value: 'en' });

/**
 * Names (profiles, templates, aliases, choices) as a list in the person's language: the names are
 * data and stay as given; the joining words ("and", "oder") and, with `quote`, the quotation marks
 * are the language's (shared/i18n/lists.ts). Past `max` the list ends with "and N more"
 * (importNotes.moreNames, as the shared name lists say it). Human output only: --json and piped
 * lines keep their English joins.
 */
export function sayNames(
  names: readonly string[],
  options: { quote?: boolean; type?: ListType; max?: number } = {},
  locale: SupportedLocale = cliLocale(),
  say: Translate = locale === 'en' ? tEnglish : t,
): string {
  const capped = options.max !== undefined && names.length > options.max;
  const shown = capped ? names.slice(0, Math.max(1, (options.max ?? 1) - 1)) : names;
  const items = options.quote ? shown.map((name) => quoted(locale, name)) : [...shown];
  if (capped) items.push(say('importNotes.moreNames', { n: names.length - shown.length }));
  return formatList(locale, items, options.type ?? 'conjunction');
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

/**
 * What an outbox change does ("Create a link to …"), for a person: its message (`summaryRef`) in
 * the language of `say`, else the English `summary` an older backend gave. Scripts' outputs
 * (--json, piped columns) keep `summary` as it is.
 */
export function changeText(change: { summary: string; summaryRef?: MessageRef | undefined }, say: Translate = t): string {
  return change.summaryRef ? renderMessage(change.summaryRef, say) : change.summary;
}
