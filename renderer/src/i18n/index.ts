import { IntlMessageFormat } from 'intl-messageformat';
import { createI18n, type MessageCompiler, type MessageContext } from 'vue-i18n';
import { DEFAULT_LOCALE, resolveLocale, type SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { setLocale as setFormatLocale } from './format.js';
import { MESSAGES } from './messages.js';

/*
 * vue-i18n with ICU MessageFormat (intl-messageformat as its message compiler): translators write
 * `{n, plural, one {# link} other {# links}}`, the form every translation tool knows, with each
 * language's own plural categories from CLDR, and the Electron shell and the command line format
 * the same files with the same library (electron/shared/i18n/translate.ts). Why these two and not
 * vue-i18n's own pipe plurals: docs/architecture.md, "Languages".
 */

/** Compiled once per message and locale; a message is formatted on every render. */
const compiled = new Map<string, IntlMessageFormat>();

const messageCompiler: MessageCompiler = (message, { locale, key, onError }) => {
  if (typeof message !== 'string') {
    onError?.(Object.assign(new Error(`Message ${key} is not a string`), { code: 0, domain: 'linkdeck' }) as never);
    return () => key;
  }
  const cacheKey = `${locale}\u0000${message}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(message, locale);
    compiled.set(cacheKey, format);
  }
  const ready = format;
  return ((ctx: MessageContext) => String(ready.format(ctx.values as Record<string, string | number | Date>))) as never;
};

/** The locale the person's browser (or, in the desktop app, the OS) prefers. */
export function preferredLocale(): SupportedLocale {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return resolveLocale(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

export const i18n = createI18n({
  legacy: false,
  globalInjection: true,
  locale: DEFAULT_LOCALE as string,
  fallbackLocale: DEFAULT_LOCALE,
  messages: MESSAGES as never,
  messageCompiler,
  // A missing key is a test failure (tests/unit/i18n), not a console line at run time.
  missingWarn: false,
  fallbackWarn: false,
});

/** `t` outside components (stores, composables): the same translator the templates use. */
/** The composer as this code uses it: vue-i18n's full generic type is too deep for vue-tsc here. */
const loose = i18n.global as unknown as { t: PlainT; locale: { value: string } };
type PlainT = (key: string, values: Record<string, unknown>) => string;
export const t = (key: string, values?: Record<string, unknown>): string => loose.t(key, values ?? {});

/** Switches every word, number and date on screen at once: no reload, no restart. */
export function setAppLocale(locale: SupportedLocale): void {
  loose.locale.value = locale;
  setFormatLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

setAppLocale(preferredLocale());
