// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick, watchEffect } from 'vue';
import { rowDay, selectLabel } from '../../../renderer/src/components/links-list/row-words.js';
import { formatServiceDate } from '../../../renderer/src/composables/dates.js';
import { setAppLocale, t } from '../../../renderer/src/i18n/index.js';

/*
 * The Links rows' words made once per locale and value (issue 43): the same words as the
 * translator's, and the other language's as soon as the language changes, including in a row
 * already drawn (the render that used them runs again).
 */
describe('Links row words', () => {
  afterEach(() => setAppLocale('en'));

  it('are the message files\' words and follow a change of language at once', async () => {
    setAppLocale('en');
    expect(selectLabel('s.example/abc')).toBe(t('links.row.select', { name: 's.example/abc' }));
    expect(selectLabel('s.example/abc')).toBe('Select s.example/abc');
    const englishDay = rowDay('2024-11-07');
    expect(englishDay).toBe(formatServiceDate('2024-11-07', ''));

    // A row drawn with them is drawn again when the language changes.
    const seen: string[] = [];
    const stop = watchEffect(() => seen.push(selectLabel('s.example/abc')));
    setAppLocale('de');
    await nextTick();
    stop();
    expect(seen).toEqual(['Select s.example/abc', 's.example/abc auswählen']);
    expect(selectLabel('s.example/abc')).toBe(t('links.row.select', { name: 's.example/abc' }));
    expect(rowDay('2024-11-07')).toBe(formatServiceDate('2024-11-07', ''));
    expect(rowDay('2024-11-07')).not.toBe(englishDay);
  });
});
