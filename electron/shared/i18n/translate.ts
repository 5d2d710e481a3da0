import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, type SupportedLocale } from './locales.js';

/**
 * ICU MessageFormat outside Vue: the Electron shell's tray, menu and notifications and the
 * command line's human output use the same message files and the same formatter
 * (intl-messageformat) as the renderer's vue-i18n, so a message reads the same everywhere.
 */

/** Messages of one locale, nested by area ("links.count" → { links: { count: "…" } }). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}
export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;

export function lookupMessage(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Every leaf of a tree as "area.key" → message, for checks that compare locales. */
export function flattenMessages(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flattenMessages(v, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * A translator; one made by createTranslator says its `locale`, which message-ref.ts's
 * renderMessage uses for the lists of names a message ref may hold.
 */
export type Translate = ((key: string, values?: MessageValues) => string) & { readonly locale?: SupportedLocale };

/**
 * A translator for `locale`: a key missing there falls back to English, and one missing in
 * English too comes back as the key itself (the key check in the tests keeps that from shipping).
 */
export function createTranslator(
  locale: SupportedLocale,
  messages: Partial<Record<SupportedLocale, MessageTree>>,
): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  const translate = (key: string, values?: MessageValues): string => {
    let format = compiled.get(key);
    if (!format) {
      const own = messages[locale] && lookupMessage(messages[locale], key);
      const fallback = messages[DEFAULT_LOCALE] && lookupMessage(messages[DEFAULT_LOCALE], key);
      const source = own ?? fallback;
      if (source === undefined) return key;
      format = new IntlMessageFormat(source, own !== undefined ? locale : DEFAULT_LOCALE);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
  return Object.assign(translate, { locale });
}
