import { dateDeDE, dateEnUS, dateEsAR, dateFrFR, datePtBR, deDE, enUS, esAR, frFR, ptBR, type NDateLocale, type NLocale } from 'naive-ui';
import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';

/*
 * Naive UI's own words, as the app's locale gives them to every component (App.vue). Its
 * English locale fills an empty field with "Please Input" or "Please Select" (issue 37, item 2):
 * words of the library, not of this app, which say nothing the field's label does not. Every
 * placeholder the library would invent is blanked here; a field that needs a hint sets its own
 * `placeholder` (an example of what to type), which this does not touch.
 */

type Group = Record<string, unknown>;

function blankPlaceholders(locale: NLocale): NLocale {
  const copy: Record<string, unknown> = { ...locale };
  for (const [name, group] of Object.entries(locale)) {
    if (!group || typeof group !== 'object') continue;
    const g: Group = { ...(group as Group) };
    for (const key of Object.keys(g)) if (/placeholder$/i.test(key) && typeof g[key] === 'string') g[key] = '';
    copy[name] = g;
  }
  return copy as unknown as NLocale;
}

/* Naive UI ships Argentine Spanish as its only Spanish: the same words for its few labels. */
const LIBRARY_LOCALES: Record<SupportedLocale, [NLocale, NDateLocale]> = {
  en: [enUS, dateEnUS],
  de: [deDE, dateDeDE],
  fr: [frFR, dateFrFR],
  es: [esAR, dateEsAR],
  'pt-BR': [ptBR, datePtBR],
};
const blanked = new Map<SupportedLocale, NLocale>();

/** The library's words in the app's language, placeholders blanked. */
export function naiveLocaleFor(locale: SupportedLocale): NLocale {
  let l = blanked.get(locale);
  if (!l) {
    l = blankPlaceholders(LIBRARY_LOCALES[locale][0]);
    blanked.set(locale, l);
  }
  return l;
}

/** The date pickers' month and weekday names in the app's language. */
export const naiveDateLocaleFor = (locale: SupportedLocale): NDateLocale => LIBRARY_LOCALES[locale][1];
