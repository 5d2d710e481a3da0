import { countryCode } from '../../../../electron/shared/countries.js';
import { getLocale } from '../../i18n/format.js';

/*
 * Country names in the person's language. The statistics name countries in English (the service
 * writes ICU's English names, "United States"); the name shown is the runtime's own translation of
 * the country's code (Intl.DisplayNames), not a hand-kept list. A name no code is known for (an
 * "Unknown", a service's own spelling) is shown as the service wrote it.
 */

const displayNames = new Map<string, Intl.DisplayNames>();

export function countryLabel(englishName: string): string {
  const code = countryCode(englishName);
  if (!code) return englishName;
  const locale = getLocale();
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? englishName;
}
