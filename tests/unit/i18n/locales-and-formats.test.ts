import { afterEach, describe, expect, it } from 'vitest';
import { normaliseLanguageTag, resolveLocale, SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { formatDuration, formatNumber, formatRelativeTime, setLocale } from '../../../renderer/src/i18n/format.js';

describe('the language Linkdeck picks from the preferred ones', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['pt-PT'], 'pt-BR'],
    [['pt_BR.UTF-8'], 'pt-BR'],
    [['es-MX'], 'es'],
    [['fr_CA.UTF-8@euro'], 'fr'],
    [['ja-JP', 'fr-FR'], 'fr'],
    [['C'], 'en'],
    [['ja'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(resolveLocale(preferred)).toBe(expected);
  });

  it('reads POSIX locale names as language tags', () => {
    expect(normaliseLanguageTag('de_DE.UTF-8')).toBe('de-DE');
    expect(normaliseLanguageTag('POSIX')).toBe('');
  });
});

describe("each language's plural forms through ICU messages", () => {
  const messages = {
    en: { t: { links: '{n, plural, one {# link} other {# links}}' } },
    de: { t: { links: '{n, plural, one {# Link} other {# Links}}' } },
    fr: { t: { links: '{n, plural, one {# lien} many {# de liens} other {# liens}}' } },
    es: { t: { links: '{n, plural, one {# enlace} many {# de enlaces} other {# enlaces}}' } },
    'pt-BR': { t: { links: '{n, plural, one {# link} many {# de links} other {# links}}' } },
  };
  it.each([
    ['en', 0, '0 links'],
    ['en', 1, '1 link'],
    ['en', 1234, '1,234 links'],
    ['de', 1234, '1.234 Links'],
    // French counts 0 and 1 as singular, and a million takes "de".
    ['fr', 0, '0 lien'],
    ['fr', 1, '1 lien'],
    ['fr', 2, '2 liens'],
    ['fr', 1_000_000, '1\u202f000\u202f000 de liens'],
    ['es', 1, '1 enlace'],
    ['es', 5, '5 enlaces'],
    // Portuguese, like French, counts 0 as singular (CLDR: one is i = 0..1).
    ['pt-BR', 0, '0 link'],
    ['pt-BR', 1, '1 link'],
  ] as const)('%s: %d', (locale, n, expected) => {
    expect(createTranslator(locale, messages)('t.links', { n })).toBe(expected);
  });

  it('falls back to English for a key a language lacks, and to the key when English lacks it too', () => {
    const t = createTranslator('de', { en: { a: { b: 'English' } }, de: {} });
    expect(t('a.b')).toBe('English');
    expect(t('a.c')).toBe('a.c');
  });
});

describe('numbers, relative times and durations in each language', () => {
  afterEach(() => setLocale('en'));
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);
  it.each([
    ['en', '3 minutes ago', '2 hours', '1,234.5'],
    ['de', 'vor 3 Minuten', '2 Stunden', '1.234,5'],
    ['fr', 'il y a 3 minutes', '2\u00a0heures', '1\u202f234,5'],
    ['es', 'hace 3 minutos', '2 horas', '1234,5'],
    ['pt-BR', 'há 3 minutos', '2 horas', '1.234,5'],
  ] as const)('%s', (locale, ago, duration, number) => {
    setLocale(locale);
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe(ago);
    expect(formatDuration(2 * 3_600_000)).toBe(duration);
    expect(formatNumber(1234.5)).toBe(number);
  });

  it('covers every supported language', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'de', 'fr', 'es', 'pt-BR']);
  });
});
