import { IntlMessageFormat } from 'intl-messageformat';
import { createI18n, type MessageCompiler, type MessageContext } from 'vue-i18n';
import { DEFAULT_LOCALE, resolveLocale, type SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { setLocale as setFormatLocale } from './format.js';
import { ENGLISH_MESSAGES, loadMessages } from './messages.js';

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
  return ((ctx: MessageContext) => {
    const out = ready.format(ctx.values as Record<string, string | number | Date>);
    // <i18n-t> passes its named slots as VNode arrays: intl-messageformat then returns the parts
    // as an array, which vue-i18n's VNode processor (ctx.normalize) turns into children. This is
    // how a sentence keeps a <strong> part with no markup in the message (i18n.md, rule 3).
    // `normalize` is on every context at run time (@intlify/core-base's createMessageContext,
    // HelperNameMap.NORMALIZE; plain text for t(), VNodes for <i18n-t>) but not in its type.
    return Array.isArray(out) ? (ctx as MessageContext & { normalize(values: unknown[]): unknown }).normalize(out.flat()) : String(out);
  }) as never;
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
  // English only: the other languages arrive when wanted (setAppLocale, messages.ts).
  messages: { [DEFAULT_LOCALE]: ENGLISH_MESSAGES } as never,
  messageCompiler,
  // A missing key is a test failure (tests/unit/i18n), not a console line at run time.
  missingWarn: false,
  fallbackWarn: false,
});

/** `t` outside components (stores, composables): the same translator the templates use. */
/** The composer as this code uses it: vue-i18n's full generic type is too deep for vue-tsc here. */
const loose = i18n.global as unknown as {
  t: PlainT;
  locale: { value: string };
  availableLocales: string[];
  setLocaleMessage(locale: string, messages: unknown): void;
};
type PlainT = (key: string, values: Record<string, unknown>) => string;
export const t = (key: string, values?: Record<string, unknown>): string => loose.t(key, values ?? {});

/** The language last asked for: when two switches overlap, the later one wins. */
let wanted: SupportedLocale = DEFAULT_LOCALE;

function apply(locale: SupportedLocale): void {
  loose.locale.value = locale;
  setFormatLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Switches every word, number and date on screen at once: no reload, no restart. A language not
 * loaded yet is loaded first (its chunk, messages.ts); until it is there the screen stays in the
 * language it was in, whole, never showing message keys. Resolves once the switch is made (at
 * once, before answering, when the language is loaded already); rejects when its words cannot
 * be loaded, the screen keeping its language.
 */
export function setAppLocale(locale: SupportedLocale): Promise<void> {
  wanted = locale;
  if (loose.availableLocales.includes(locale)) {
    apply(locale);
    return Promise.resolve();
  }
  return loadMessages(locale).then((messages) => {
    if (!loose.availableLocales.includes(locale)) loose.setLocaleMessage(locale, messages);
    if (wanted === locale) apply(locale);
  });
}

/**
 * The app's first screen is drawn in the person's language, not in English first: this module
 * (and so the app, app-start.ts, which imports it) is ready once that language's words are loaded.
 * Should they fail to load, the app starts in English rather than not at all.
 */
await setAppLocale(preferredLocale()).catch(() => setAppLocale(DEFAULT_LOCALE));
