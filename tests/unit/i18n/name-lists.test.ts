import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { englishText, isMessageRef, mapMessageStrings, MESSAGE_LIST_MAX, msg, nameList, renderMessage } from '../../../electron/shared/message-ref.js';
import { messageText } from '../../../renderer/src/composables/error-text.js';
import { formatList } from '../../../renderer/src/i18n/format.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { fixturePath } from '../../support/import-fixtures.js';

/*
 * Names in a sentence (a workbook's sheets) are said as the reader's language lists and quotes
 * them (issue 44): „Blatt 1“, „Blatt 2“ und „Blatt 3“ in German, « … » in French, never the
 * English "a", "b" of straight quotes and commas. The same list is worded by the backend's
 * translators, the renderer's vue-i18n and the command line.
 */

const sheets = ['Blatt 1', 'Blatt 2', 'Blatt 3'];
const noSheet = msg('importNotes.workbookNoSheet', { name: 'mappe.xlsx', sheet: 'Alt', sheets: nameList(sheets, { quote: true }) });
const said = (locale: SupportedLocale) => renderMessage(noSheet, createTranslator(locale, SHARED_MESSAGES));

describe('a list of names in a message ref', () => {
  it('German joins with „und“ and quotes each name „…“', () => {
    expect(said('de')).toBe('„mappe.xlsx“ hat kein Blatt „Alt“. Seine Blätter: „Blatt 1“, „Blatt 2“ und „Blatt 3“.');
  });

  it('French quotes with « … » (narrow no-break spaces inside) and joins with « et »', () => {
    expect(said('fr')).toBe('«\u202fmappe.xlsx\u202f» n’a pas de feuille «\u202fAlt\u202f». Ses feuilles\u00a0: «\u202fBlatt 1\u202f», «\u202fBlatt 2\u202f» et «\u202fBlatt 3\u202f».');
  });

  it('English, Spanish and Brazilian Portuguese each in their own marks and words', () => {
    expect(englishText(noSheet)).toBe('“mappe.xlsx” has no sheet “Alt”. Its sheets: “Blatt 1”, “Blatt 2”, and “Blatt 3”.');
    expect(said('es')).toContain('Sus hojas: «Blatt 1», «Blatt 2» y «Blatt 3».');
    expect(said('pt-BR')).toContain('As planilhas dele: “Blatt 1”, “Blatt 2” e “Blatt 3”.');
  });

  it('names without `quote` are listed as they are', () => {
    const ref = msg('importNotes.workbookNoSheet', { name: 'a.xlsx', sheet: 'x', sheets: nameList(['Links', 'Archiv']) });
    expect(renderMessage(ref, createTranslator('de', SHARED_MESSAGES))).toContain('Seine Blätter: Links und Archiv.');
  });

  it(`past ${MESSAGE_LIST_MAX} names the list ends with how many more, in the reader's plural`, () => {
    const many = Array.from({ length: 25 }, (_, i) => `S${i + 1}`);
    const list = nameList(many, { quote: true });
    expect(list.list).toHaveLength(MESSAGE_LIST_MAX - 1);
    expect(list.more).toBe(6);
    const ref = msg('importNotes.workbookNoSheet', { name: 'a.xlsx', sheet: 'x', sheets: list });
    expect(isMessageRef(ref)).toBe(true);
    expect(englishText(ref)).toMatch(/“S18”, “S19”, and 6 others\.$/);
    expect(renderMessage(ref, createTranslator('de', SHARED_MESSAGES))).toMatch(/„S19“ und 6 weitere\.$/);
    // Exactly the cap: every name, nothing counted.
    expect(nameList(many.slice(0, MESSAGE_LIST_MAX))).toEqual({ list: many.slice(0, MESSAGE_LIST_MAX) });
  });

  it('a ref arriving from elsewhere is refused with a list too long or of other than names', () => {
    const withList = (sheetsParam: unknown) => ({ key: 'importNotes.workbookNoSheet', params: { name: 'a', sheet: 'b', sheets: sheetsParam } });
    expect(isMessageRef(withList({ list: [] }))).toBe(true);
    expect(isMessageRef(withList({ list: Array.from({ length: MESSAGE_LIST_MAX + 1 }, () => 'x') }))).toBe(false);
    expect(isMessageRef(withList({ list: [1, 2] }))).toBe(false);
    expect(isMessageRef(withList({ list: ['a'], quote: 'yes' }))).toBe(false);
    expect(isMessageRef(withList({ list: ['a'], more: -1 }))).toBe(false);
  });

  it('mapMessageStrings reaches the names (a secret in a name is blanked out too)', () => {
    const mapped = mapMessageStrings(noSheet, (s) => s.toUpperCase());
    expect(mapped.params?.['sheets']).toEqual({ list: ['BLATT 1', 'BLATT 2', 'BLATT 3'], quote: true });
  });
});

describe('the renderer words the same list in the language on screen', () => {
  afterEach(async () => {
    await setAppLocale('en');
  });

  it('messageText in German and French; format.ts formatList is the same formatter', async () => {
    await setAppLocale('de');
    expect(messageText(noSheet)).toBe('„mappe.xlsx“ hat kein Blatt „Alt“. Seine Blätter: „Blatt 1“, „Blatt 2“ und „Blatt 3“.');
    expect(formatList(['a', 'b', 'c'])).toBe('a, b und c');
    await setAppLocale('fr');
    expect(messageText(noSheet)).toContain('«\u202fBlatt 1\u202f», «\u202fBlatt 2\u202f» et «\u202fBlatt 3\u202f»');
    expect(formatList(['a', 'b'], 'disjunction')).toBe('a ou b');
  });
});

describe('the command line asks which sheet in the person’s language', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  async function importSourceIn(lang: string) {
    vi.resetModules();
    for (const name of ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES']) delete process.env[name];
    process.env['LANG'] = lang;
    return import('../../../electron/cli/import-source.js');
  }

  it('LANG=de: the sheets listed „Links“ und „Archive“ on stderr, English in --json', async () => {
    const { readImportSource } = await importSourceIn('de_DE.UTF-8');
    const error = await readImportSource(fixturePath('links-workbook.xlsx'), undefined).then(
      () => null,
      (e: unknown) => e as { exitCode: number; message: string; english: string },
    );
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toBe(
      '„links-workbook.xlsx“ hat 2 Tabellenblätter: „Links“ und „Archive“. Geben Sie mit --sheet NAME an, welches importiert werden soll (zum Beispiel --sheet "Links").',
    );
    expect(error?.english).toBe('“links-workbook.xlsx” has 2 sheets: “Links” and “Archive”. Say which to import with --sheet NAME (for example --sheet "Links").');
  });

  it('LANG=fr: a sheet the workbook lacks is refused in French, its sheets in « »', async () => {
    const { readImportSource } = await importSourceIn('fr_FR.UTF-8');
    const error = await readImportSource(fixturePath('links-workbook.xlsx'), 'Links 2024').then(
      () => null,
      (e: unknown) => e as { exitCode: number; message: string },
    );
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toBe('«\u202flinks-workbook.xlsx\u202f» n’a pas de feuille «\u202fLinks 2024\u202f». Ses feuilles\u00a0: «\u202fLinks\u202f» et «\u202fArchive\u202f».');
  });
});
