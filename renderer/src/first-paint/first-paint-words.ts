import { resolveLocale, type SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { formatNumber } from '../i18n/format.js';
import en from '../i18n/locales/en/firstPaint.json';
import de from '../i18n/locales/de/firstPaint.json';
import fr from '../i18n/locales/fr/firstPaint.json';
import es from '../i18n/locales/es/firstPaint.json';
import ptBR from '../i18n/locales/pt-BR/firstPaint.json';

/*
 * The first script's few words (the first rows' heading and count, the sentence shown when the
 * app's code cannot load), from the `firstPaint` message files. vue-i18n and the ICU formatter
 * come with the app's own code, which this script must not wait for: these messages use only a
 * plain argument and one top-level plural, which firstPaintText formats with Intl.PluralRules
 * (tests/unit/renderer/first-paint-words.test.ts checks it against intl-messageformat for every
 * language). The language is the system's (the browser's, in the desktop app Chromium's from the
 * OS): the person's setting arrives with the app, which then replaces this drawing.
 */

type Words = typeof en;
const WORDS: Record<SupportedLocale, Words> = { en, de, fr, es, 'pt-BR': ptBR };

export function firstPaintLocale(): SupportedLocale {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return resolveLocale(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

/** `{name}` arguments, and `{n, plural, one {…} other {…}}` with `#` as the number in the locale's digits. */
export function formatFirstPaintMessage(message: string, locale: SupportedLocale, values: Record<string, string | number>): string {
  const plural = /^\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}$/.exec(message);
  if (plural) {
    const [, name = '', body = ''] = plural;
    const n = Number(values[name]);
    const options = new Map([...body.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2] ?? '']));
    const chosen = options.get(`=${n}`) ?? options.get(new Intl.PluralRules(locale).select(n)) ?? options.get('other') ?? '';
    return chosen.replace(/#/g, formatNumber(n));
  }
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A message of the `firstPaint` area, by its full key (`firstPaint.linkCount`). */
export function firstPaintText(key: `firstPaint.${keyof Words}`, values: Record<string, string | number> = {}, locale: SupportedLocale = firstPaintLocale()): string {
  const name = key.slice('firstPaint.'.length) as keyof Words;
  return formatFirstPaintMessage(WORDS[locale][name], locale, values);
}
