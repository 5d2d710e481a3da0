/*
 * Countries for geo targeting and statistics. Visitors' countries arrive as ISO 3166 alpha-2
 * codes (from a trusted proxy header), so targets are stored as codes; people type names, so
 * names are accepted too. English names come from Intl.DisplayNames (ICU), not a hand-kept list.
 */

/**
 * Region codes ICU names that are not countries a visitor can come from: groupings, test
 * codes, "Unknown Region", and exceptional reservations that proxies never send.
 */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'ZZ',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
]);

/** Names people commonly type that differ from ICU's English names. */
const NAME_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  turkey: 'TR',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  "cote d'ivoire": 'CI',
  burma: 'MM',
  swaziland: 'SZ',
  macedonia: 'MK',
  'cabo verde': 'CV',
  vatican: 'VA',
  'holy see': 'VA',
  palestine: 'PS',
  'russian federation': 'RU',
  'republic of korea': 'KR',
  'hong kong': 'HK',
  macao: 'MO',
  macau: 'MO',
  'republic of the congo': 'CG',
  'democratic republic of the congo': 'CD',
  'dr congo': 'CD',
  drc: 'CD',
  uae: 'AE',
};

/**
 * Lower case, no accents, one kind of apostrophe and dash, "&" as "and", "St." as "saint",
 * single spaces: "Côte d’Ivoire" → "cote d'ivoire", "St Kitts & Nevis" → "saint kitts and nevis".
 */
function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(/&/g, 'and')
    .toLowerCase()
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/\s+/g, ' ')
    .trim();
}

let tables: { names: Map<string, string>; codes: Map<string, string> } | undefined;

function build() {
  // Made here, not when the module loads: ICU's region names cost the app's first screen (which
  // only checks URLs through this module's importer) tens of milliseconds it does not need.
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const names = new Map<string, string>(); // code → English name
  const codes = new Map<string, string>(); // normalized name → code
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = displayNames.of(code);
      // Deprecated codes (UK, ZR, YU…) canonicalize to another region: their current code wins.
      if (
        !name ||
        NOT_COUNTRIES.has(code) ||
        Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`
      )
        continue;
      names.set(code, name);
      codes.set(normalizeName(name), code);
      // "Myanmar (Burma)", "Hong Kong SAR China": the short forms are what people type.
      const short = name.replace(/\s*\(.*\)$/, '').replace(/\s+SAR China$/, '');
      if (short !== name) codes.set(normalizeName(short), code);
    }
  }
  for (const [alias, code] of Object.entries(NAME_ALIASES)) codes.set(normalizeName(alias), code);
  return { names, codes };
}

const countryTables = () => (tables ??= build());

/** The English name of an alpha-2 code ("US" → "United States"), or undefined for no country. */
export function countryName(code: string): string | undefined {
  return countryTables().names.get(code.toUpperCase());
}

/**
 * The ISO alpha-2 code (upper case) for a code or an English name as a person types it:
 * "us", "US", "United States", "usa", "Côte d'Ivoire", "uk". Undefined when it is no country.
 */
export function countryCode(input: string): string | undefined {
  const text = input.trim();
  const { names, codes } = countryTables();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    if (names.has(code)) return code;
    // A deprecated code that still means one country today (UK → GB).
    const canonical = Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4);
    if (canonical && names.has(canonical)) return canonical;
  }
  return codes.get(normalizeName(text));
}
