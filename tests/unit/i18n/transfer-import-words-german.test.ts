import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeError, encodeError } from '../../../electron/backend/bulk/bulk-store.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { jsonProblem } from '../../../electron/shared/import-file.js';
import { readWorkbook, workbookProblem } from '../../../electron/shared/import-workbook.js';
import { linkInputIssues } from '../../../electron/shared/link-validation.js';
import {
  englishText,
  isMessageRef,
  mapMessageStrings,
  MESSAGE_LIST_MAX,
  msg,
  renderMessage,
  sentencesRef,
  type MessageRef,
} from '../../../electron/shared/message-ref.js';

/*
 * Issue 44, the transfer and import path: a row's several problems as a list of keyed sentences,
 * and the parser's and SheetJS's refusals in our own words where their message says which case
 * it is. Rendered with the shared translator in German, as the command line and the shells do;
 * English stays the words the command line, logs and result CSVs keep.
 */

const german = createTranslator('de', SHARED_MESSAGES);
const de = (ref: MessageRef) => renderMessage(ref, german);
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

/** Three problems of one link, as the transfer's check and the bulk runner find them. */
const threeProblems = () => {
  const problems = Object.values(
    linkInputIssues({ url: 'ftp://files.example/a', expiry: '2001-02-03 04:05:06', metaTitle: 'T'.repeat(300) }, { mode: 'create', now: NOW }),
  );
  expect(problems).toHaveLength(3);
  return problems as [MessageRef, ...MessageRef[]];
};

describe('several problems as one keyed message', () => {
  it('says every sentence in German, one after another, and keeps the English words for the command line', () => {
    const ref = msg('importNotes.transferLeftOut', { reason: sentencesRef(threeProblems()) });
    expect(isMessageRef(ref)).toBe(true);
    expect(de(ref)).toBe(
      'Ausgelassen: Die Ziel-URL verwendet das Schema „ftp:“; erlaubt sind nur Webadressen mit http:// und https://. ' +
        'Das Ablaufdatum 2001-02-03 04:05:06 UTC liegt in der Vergangenheit (jetzt ist es 2026-11-28 12:00:00 UTC). Wählen Sie ein Datum und eine Uhrzeit in der Zukunft. ' +
        'Der Metatitel ist 300 Zeichen lang; erlaubt sind höchstens 255.',
    );
    expect(englishText(ref)).toMatch(/^Left out: The URL uses the "ftp:" scheme.* The expiry 2001-02-03 04:05:06 UTC is in the past .* The meta title is 300 characters long; keep it to 255\.$/);
  });

  it('one problem stays that one sentence (as rows stored before lists read)', () => {
    const [first] = threeProblems();
    expect(sentencesRef([first])).toBe(first);
  });

  it('past the list’s limit the last place counts the rest, with German plurals for one and for several', () => {
    const [first] = threeProblems();
    const many = (n: number) => sentencesRef(Array.from({ length: n }, () => first) as [MessageRef, ...MessageRef[]]);
    // The first sentence and a list of at most MESSAGE_LIST_MAX: 21 problems are all said.
    expect(de(many(MESSAGE_LIST_MAX + 1))).not.toMatch(/weitere/);
    expect(isMessageRef(many(MESSAGE_LIST_MAX + 2))).toBe(true);
    expect(de(many(MESSAGE_LIST_MAX + 2))).toMatch(/ Dazu kommen 2 weitere Probleme\.$/);
    expect(de(many(MESSAGE_LIST_MAX + 6)).match(/Die Ziel-URL/g)).toHaveLength(MESSAGE_LIST_MAX);
    expect(de(many(MESSAGE_LIST_MAX + 6))).toMatch(/ Dazu kommen 6 weitere Probleme\.$/);
    expect(de(msg('importNotes.moreProblems', { n: 1 }))).toBe('Dazu kommt 1 weiteres Problem.');
    expect(englishText(many(MESSAGE_LIST_MAX + 6))).toMatch(/ There are 6 more problems\.$/);
  });

  it('a stored row keeps the list through its error column; an older row’s English is read back as it was', () => {
    const ref = msg('importNotes.transferLeftOut', { reason: sentencesRef(threeProblems()) });
    const read = decodeError(encodeError(ref));
    expect(read.errorRef).toEqual(ref);
    expect(read.error).toBe(englishText(ref));
    expect(decodeError('Left out: The URL uses the "ftp:" scheme. The expiry is in the past.')).toEqual({
      error: 'Left out: The URL uses the "ftp:" scheme. The expiry is in the past.',
    });
  });

  it('refuses a list that is empty, too long or holds something else than messages', () => {
    const one = msg('importNotes.transferGone', { source: 'A' });
    expect(isMessageRef({ key: 'importNotes.sentences', params: { first: one, second: [] } })).toBe(false);
    expect(isMessageRef({ key: 'importNotes.sentences', params: { first: one, second: Array.from({ length: MESSAGE_LIST_MAX + 1 }, () => one) } })).toBe(false);
    expect(isMessageRef({ key: 'importNotes.sentences', params: { first: one, second: [one, 'text'] } })).toBe(false);
    expect(isMessageRef({ key: 'importNotes.sentences', params: { first: one, second: [one, one] } })).toBe(true);
  });

  it('blanks a secret inside the list’s sentences too', () => {
    const ref = msg('importNotes.sentences', { first: msg('importNotes.transferGone', { source: 'key-123' }), second: [msg('importNotes.transferGone', { source: 'x key-123 y' })] });
    expect(JSON.stringify(mapMessageStrings(ref, (text) => text.replaceAll('key-123', '•••')))).not.toContain('key-123');
  });
});

describe('the parser’s refusals in our own words', () => {
  const problem = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return jsonProblem(text, (error as Error).message);
    }
    throw new Error('parsed');
  };

  it('a file cut short, and a fault at its line and column', () => {
    expect(problem('{"links": [{"url": "https://a.example/"}')).toEqual({ key: 'importNotes.jsonCutShort' });
    expect(problem('{"a": "b')).toEqual({ key: 'importNotes.jsonCutShort' });
    expect(de(problem('{"links": [\n  {"url": 1},\n  {url: 2}\n]}'))).toBe(
      'Diese Datei ist kein gültiges JSON: Der Fehler steht in Zeile 3, Spalte 4. Speichern Sie die Antwort der API unverändert oder exportieren Sie eine CSV-Datei.',
    );
  });

  it('a message it cannot place is quoted inside the German sentence', () => {
    const ref = jsonProblem('[1,]', 'Some other words of the runtime');
    expect(de(ref)).toBe('Diese Datei ist kein gültiges JSON (Some other words of the runtime). Speichern Sie die Antwort der API unverändert oder exportieren Sie eine CSV-Datei.');
  });

  it('SheetJS’s password, missing-part and other refusals', () => {
    expect(de(workbookProblem('links.xlsx', 'File is password-protected'))).toBe(
      '„links.xlsx“ ist mit einem Passwort geschützt, daher kann Linkdeck die Datei nicht öffnen. Speichern Sie in Ihrer Tabellenkalkulation eine Kopie ohne Passwort (oder als CSV) und importieren Sie diese.',
    );
    expect(workbookProblem('links.xlsx', 'ECMA-376 Encrypted file missing /EncryptionInfo').key).toBe('importNotes.workbookPassword');
    for (const detail of ['Could not find workbook', 'Cannot find file xl/worksheets/sheet1.xml in zip', 'Missing content.xml in ODS / UOF file']) {
      expect(de(workbookProblem('links.xlsx', detail))).toMatch(/^„links\.xlsx“ ist eine beschädigte Tabellenmappe: Teile, die jede Tabellenmappe hat/);
    }
    expect(de(workbookProblem('links.xlsx', 'Bad state: 7'))).toBe(
      '„links.xlsx“ lässt sich nicht als Tabellenmappe lesen (Bad state: 7). Öffnen Sie sie in Ihrer Tabellenkalkulation, speichern Sie sie erneut und importieren Sie diese Datei.',
    );
  });

  it('a real workbook without its parts list (SheetJS says “Unsupported ZIP file”) is said in German in our words', async () => {
    const onlyWorkbook = zipSync({
      'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>'),
    });
    const read = await readWorkbook('links.xlsx', onlyWorkbook);
    if (!('errorRef' in read) || !read.errorRef) throw new Error('the workbook was read');
    expect(de(read.errorRef)).toBe(
      '„links.xlsx“ ist eine beschädigte Tabellenmappe: Teile, die jede Tabellenmappe hat (die Liste ihrer Blätter oder ein Blatt selbst), fehlen oder lassen sich nicht lesen. Öffnen Sie sie in Ihrer Tabellenkalkulation, speichern Sie sie erneut und importieren Sie diese Datei.',
    );
  });
});
