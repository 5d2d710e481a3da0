/**
 * The choices of the targeting pickers. Country and language names come from Intl.DisplayNames
 * (the runtime's ICU data) rather than a hand-kept list, so they are complete and spelled right.
 */
import { DEVICES } from '../../../../electron/shared/link-validation.js';
import { getLocale } from '../../i18n/format.js';

export interface PickerOption {
  label: string;
  value: string;
}

/** Region codes ICU names that are groupings, test codes or reservations, not visitors' countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);

/** Per locale: the names are the person's language's (Intl.DisplayNames), sorted by its rules. */
const countries = new Map<string, PickerOption[]>();

/** Every country as "Germany (DE)" → "DE", sorted by name. */
export function countryOptions(): PickerOption[] {
  const locale = getLocale();
  const known = countries.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const out: PickerOption[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      // Deprecated codes (UK, YU…) canonicalise to another region: only the current one is listed.
      if (!name || NOT_COUNTRIES.has(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      out.push({ label: `${name} (${code})`, value: code });
    }
  }
  out.sort((x, y) => x.label.localeCompare(y.label, locale));
  countries.set(locale, out);
  return out;
}

const DEVICE_LABELS: Record<(typeof DEVICES)[number], string> = {
  iphone: 'iPhone',
  ipad: 'iPad',
  android: 'Android',
  'windows phone': 'Windows Phone',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  blackberry: 'BlackBerry',
};

export const deviceOptions = (): PickerOption[] => DEVICES.map((d) => ({ label: DEVICE_LABELS[d], value: d }));

/** Languages people target most, with the regional variants that differ in practice. */
const COMMON_LANGUAGES = [
  'ar', 'bg', 'bn', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'en-US', 'es', 'es-MX', 'et', 'fa', 'fi', 'fil', 'fr', 'fr-CA',
  'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'pt-PT', 'ro', 'ru',
  'sk', 'sl', 'sr', 'sv', 'sw', 'ta', 'th', 'tr', 'uk', 'ur', 'vi', 'zh', 'zh-Hans', 'zh-Hant',
];

const languages = new Map<string, PickerOption[]>();

/** Common languages as "Portuguese (Brazil) · pt-BR" → "pt-BR", sorted by name. */
export function languageOptions(): PickerOption[] {
  const locale = getLocale();
  const known = languages.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  const out = COMMON_LANGUAGES.map((code) => ({ label: `${names.of(code) ?? code} · ${code}`, value: code })).sort((x, y) => x.label.localeCompare(y.label, locale));
  languages.set(locale, out);
  return out;
}

/**
 * The options with the current value added when the list lacks it (a language the service stored
 * that is not among the common ones), so a select never shows a bare code as unknown.
 */
export function withValue(options: PickerOption[], value: string): PickerOption[] {
  if (value === '' || options.some((o) => o.value.toLowerCase() === value.toLowerCase())) return options;
  return [{ label: value, value }, ...options];
}
