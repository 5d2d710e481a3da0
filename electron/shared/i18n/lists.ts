import { resolveLocale, type SupportedLocale } from './locales.js';

/**
 * Lists and quoted names in a person's language (issue 44), for every side: the renderer's
 * format.ts, the message refs the backend and the shared importers send (message-ref.ts), the
 * command line and the Electron shell. Pure: Intl only.
 */

/**
 * Each language's quotation marks: CLDR's delimiters, quotationStart / quotationEnd
 * (common/main/<language>.xml, the same data cldr-json's cldr-misc-full/main/<language>/delimiters.json
 * gives): en “…”, de „…“, fr «…», es «…», pt “…”. French sets a space inside its guillemets (CLDR
 * leaves spacing to the text): a narrow no-break space (U+202F), as the French glossary
 * (renderer/src/i18n/glossary/fr.md) asks, so a name never wraps away from its mark. The
 * message files write the same marks by hand around single names.
 */
export const QUOTATION_MARKS: Record<SupportedLocale, readonly [open: string, close: string]> = {
  en: ['“', '”'],
  de: ['„', '“'],
  fr: ['«\u202f', '\u202f»'],
  es: ['«', '»'],
  'pt-BR': ['“', '”'],
};

/** `text` between the quotation marks of `locale` (a BCP 47 tag; a language Linkdeck does not speak quotes as English). */
export function quoted(locale: string, text: string): string {
  const [open, close] = QUOTATION_MARKS[resolveLocale([locale])];
  return `${open}${text}${close}`;
}

/**
 * 'unit' is for a list of measures ("United States 12, Germany 5"): English says it without "and",
 * the other languages with their own joining word, as CLDR's unit list patterns give.
 */
export type ListType = 'conjunction' | 'disjunction' | 'unit';

/** Formatters are costly to make and lists are said on every render: one per locale and type. */
const formatters = new Map<string, Intl.ListFormat>();

/** "a, b and c" in the words of `locale` (Intl.ListFormat, CLDR's list patterns). */
export function formatList(locale: string, items: readonly string[], type: ListType = 'conjunction'): string {
  const cacheKey = `${locale}|${type}`;
  let format = formatters.get(cacheKey);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type });
    formatters.set(cacheKey, format);
  }
  return format.format(items);
}
