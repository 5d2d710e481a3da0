import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';
import { firstPaintText } from '../../../renderer/src/first-paint/first-paint-words.js';
import { setLocale } from '../../../renderer/src/i18n/format.js';

/*
 * The first script formats its few messages without the ICU formatter (it must stay small):
 * what it writes must be what intl-messageformat writes for the same message, in every language.
 */
afterEach(() => setLocale('en'));

describe('the first paint’s words', () => {
  it.each(SUPPORTED_LOCALES)('%s: the link count and the load failure read as the ICU formatter writes them', (locale) => {
    setLocale(locale);
    // The message file itself: the first script's words are not among vue-i18n's (messages.ts).
    const area = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../renderer/src/i18n/locales/${locale}/firstPaint.json`), 'utf8')) as Record<string, string>;
    for (const n of [0, 1, 2, 5, 21, 1000, 100_000]) {
      expect(firstPaintText('firstPaint.linkCount', { n }, locale)).toBe(new IntlMessageFormat(area['linkCount']!, locale).format({ n }));
    }
    expect(firstPaintText('firstPaint.loadFailed', { error: 'boom' }, locale)).toBe(new IntlMessageFormat(area['loadFailed']!, locale).format({ error: 'boom' }));
    expect(firstPaintText('firstPaint.links', {}, locale)).toBe(area['links']);
  });

  it('uses each language’s plural and digits', () => {
    setLocale('de');
    expect(firstPaintText('firstPaint.linkCount', { n: 1 }, 'de')).toBe('1 Link');
    expect(firstPaintText('firstPaint.linkCount', { n: 100_000 }, 'de')).toBe('100.000 Links');
    setLocale('fr');
    expect(firstPaintText('firstPaint.linkCount', { n: 0 }, 'fr')).toBe('0 lien');
  });
});
