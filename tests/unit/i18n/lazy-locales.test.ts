// @vitest-environment happy-dom
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';

/*
 * Issue 44: only English comes with the app's code; another language's words are loaded the
 * first time it is wanted (renderer/src/i18n/messages.ts). While they load, the screen keeps the
 * language it has, whole: never a message key. Each test takes a fresh copy of the i18n modules
 * (the shared setup has loaded every language into its own copy).
 */
const root = resolve(import.meta.dirname, '../../..');
const areasIn = (dir: string) => readdirSync(resolve(root, dir)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

async function freshI18n() {
  vi.resetModules();
  const index = await import('../../../renderer/src/i18n/index.js');
  const messages = await import('../../../renderer/src/i18n/messages.js');
  return { ...index, ...messages };
}

afterEach(() => vi.resetModules());

describe('languages loaded when wanted', () => {
  it('starts with English only, and switches to German once its words are loaded, never showing a key meanwhile', async () => {
    const { i18n, setAppLocale, t } = await freshI18n();
    expect((i18n.global as unknown as { availableLocales: string[] }).availableLocales).toEqual(['en']);
    expect(t('app.nav.settings')).toBe('Settings');

    const switching = setAppLocale('de');
    // Asked for, not loaded yet: the words stay English, and the page says it is English.
    expect(t('app.nav.settings')).toBe('Settings');
    expect(document.documentElement.lang).not.toBe('de');
    await switching;
    expect(t('app.nav.settings')).toBe('Einstellungen');
    expect(document.documentElement.lang).toBe('de');
    // A plural in the loaded language, formatted as German writes numbers.
    expect(t('links.state.total', { n: 1234 })).toBe('1.234 Links');

    // Loaded once: switching back and forth is at once.
    await setAppLocale('en');
    expect(t('app.nav.settings')).toBe('Settings');
    void setAppLocale('de');
    expect(t('app.nav.settings')).toBe('Einstellungen');
  });

  it('lets the later of two overlapping switches win', async () => {
    const { setAppLocale, t } = await freshI18n();
    const french = setAppLocale('fr');
    const german = setAppLocale('de');
    await Promise.all([french, german]);
    expect(t('app.nav.settings')).toBe('Einstellungen');
  });

  it.each(SUPPORTED_LOCALES)('%s: its loaded messages hold every area of its files, the shared ones too', async (locale) => {
    const { loadMessages } = await freshI18n();
    const tree = await loadMessages(locale);
    const expected = [...areasIn(`renderer/src/i18n/locales/${locale}`).filter((a) => a !== 'firstPaint'), ...areasIn(`electron/shared/i18n/locales/${locale}`)];
    expect(Object.keys(tree).sort()).toEqual(expected.sort());
  });
});
