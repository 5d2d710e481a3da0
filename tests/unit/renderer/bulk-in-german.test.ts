// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import BulkMappingStep from '../../../renderer/src/components/bulk/BulkMappingStep.vue';
import BulkPreviewStep from '../../../renderer/src/components/bulk/BulkPreviewStep.vue';
import BulkLiveSourceStep from '../../../renderer/src/components/bulk/BulkLiveSourceStep.vue';
import BulkJobCard from '../../../renderer/src/components/bulk/BulkJobCard.vue';
import BulkSourceStep from '../../../renderer/src/components/bulk/BulkSourceStep.vue';
import { noteText } from '../../../renderer/src/components/bulk/note-text.js';
import { msg } from '../../../electron/shared/message-ref.js';
import { readWorkbook, WORKBOOK_LIMITS } from '../../../electron/shared/import-workbook.js';
import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { IMPORT_MAX_BYTES, JSON_SHAPES_WORDS, readImportFile } from '../../../electron/shared/import-file.js';
import { useBulkStore } from '../../../renderer/src/stores/bulk.js';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { BulkJob, BulkRow } from '../../../electron/shared/bulk.js';
import { untilDom, untilElement } from './dom-signals.js';
import { dateFormWords, encodingWords, fieldLabel, thousandsWords } from '../../../renderer/src/components/bulk/bulk-words.js';
import { BULK_FIELDS } from '../../../electron/shared/bulk-import.js';
import { keychainOk, ok, remoteProfile } from './fake-bridge.js';
import { mountInLanguage } from '../../support/mount-in-language.js';

/*
 * The bulk import's steps in German (issue 44): the mapping, the dry run with its questions and
 * aliases, the live source form and a move's card, with each count in the singular and the
 * plural, no raw message key and no English sentence left.
 */

const ui = mountInLanguage('de', async (fake) => {
  fake.answer('profiles:list', ok({ profiles: [remoteProfile], currentId: remoteProfile.id, keychain: keychainOk }));
  fake.answer('bulk:aliases', ok([]));
  await useProfilesStore().load();
});
/** The component last mounted (the helper unmounts every one after the test). */
let wrapper: VueWrapper | undefined;

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
const page = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

/** English words no German sentence of these steps holds (data here has none of them). */
const ENGLISH = /\b(the|is|are|and|with|of|rows?|cannot|choose|shorten|column|left out|ready)\b/i;
function expectGermanOnly(): void {
  const all = page();
  expect(all).not.toMatch(/\bbulk\.[a-zA-Z]+\.[a-zA-Z]+/);
  expect(all.match(ENGLISH)?.[0] ?? null).toBeNull();
}

async function mountStep(component: object, csv: string, step: 'mapping' | 'preview'): Promise<VueWrapper> {
  const bulk = useBulkStore();
  bulk.setLookups({ channels: [{ id: 4, name: 'Newsletter' }], campaigns: [], domains: [] });
  bulk.useSource('csv', csv, 'Import');
  bulk.step = step;
  wrapper = ui.mount(component, { attachTo: document.body });
  await flushPromises();
  return wrapper;
}

describe('the bulk import in German', () => {
  it('the mapping step counts one row and several, and names the fields in German', async () => {
    await mountStep(BulkMappingStep, ['url,tags', 'https://example.com/a,Sommer'].join('\n'), 'mapping');
    expect(page()).toContain('1 Zeile in „Import“, die erste Zeile als Spaltennamen gelesen.');
    expect(page()).toContain('Zeilen prüfen');
    expectGermanOnly();
    wrapper?.unmount();
    document.body.innerHTML = '';

    await mountStep(BulkMappingStep, ['url,tags', 'https://example.com/a,Sommer', 'https://example.com/b,Winter', 'https://example.com/c,'].join('\n'), 'mapping');
    expect(page()).toContain('3 Zeilen in „Import“');
    expectGermanOnly();
  });

  it('a live source that answers as another service is refused in German', () => {
    const ref = msg('importNotes.liveNotThisService', { host: 'links.example', source: 'Kutt', what: 'html', path: '/api/v2/links', status: 200, hasExample: 'yes', example: 'https://kutt.example' });
    expect(noteText(ref)).toBe(
      'Die Antwort von links.example ist keine Antwort von Kutt (eine HTML-Seite, HTTP 200). Prüfen Sie die Adresse: Es sollte die Adresse Ihrer Kutt-Installation sein, zum Beispiel https://kutt.example.',
    );
  });

  it('a live source that refuses the key says so in German, with the service’s hint', () => {
    const ref = msg('importNotes.liveKeyRefused', { source: 'Kutt', status: 401, hasWords: 'yes', words: 'Unauthorized', hasHint: 'yes', hint: msg('importNotes.keyHintKutt') });
    expect(noteText(ref)).toBe(
      'Kutt hat den Schlüssel abgelehnt (HTTP 401: Unauthorized). Prüfen Sie, ob Sie den ganzen API-Schlüssel aus Ihren Kutt-Einstellungen kopiert haben; Kutt zeigt ihn unter „Settings → API“.',
    );
  });

  it('a file that cannot be imported is refused in German', async () => {
    wrapper = ui.mount(BulkSourceStep, { attachTo: document.body });
    await flushPromises();
    const fileTab = document.querySelector<HTMLElement>('.n-tabs-tab[data-name="file"]');
    expect(fileTab).not.toBeNull();
    fileTab?.click();
    await flushPromises();
    const input = document.querySelector<HTMLInputElement>('[data-testid="bulk-file"]');
    expect(input).not.toBeNull();
    // A PNG image renamed .csv: its first bytes say what it is.
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'links.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [png], configurable: true });
    input?.dispatchEvent(new Event('change'));
    await untilElement('[data-testid="bulk-file-error"]');
    expect(text('bulk-file-error')).toContain(
      '„links.csv“ ist keine Textdatei, sondern ein PNG-Bild. Wählen Sie die CSV- oder JSON-Datei, die der Dienst exportiert hat.',
    );
    expect(text('bulk-file-error')).not.toMatch(/importNotes\.|not a text file/);
  });

  it('file, JSON and encoding refusals read in German, the size in German number format', () => {
    const big = readImportFile('gross.csv', new Uint8Array(IMPORT_MAX_BYTES + 1024 * 1024 + 1));
    expect('errorRef' in big && big.errorRef ? noteText(big.errorRef) : null).toContain('„gross.csv“ ist 21,0 MB groß; Linkdeck importiert Dateien bis 20,0 MB');
    const refused = (name: string, body: string | Uint8Array) => {
      const read = readImportFile(name, typeof body === 'string' ? new TextEncoder().encode(body) : body);
      if (!('errorRef' in read) || !read.errorRef) throw new Error(`no message for ${name}`);
      const words = noteText(read.errorRef);
      expect(words).not.toMatch(/importNotes\.|\b(this|file|the|answer|cannot|save)\b/i);
      return words;
    };
    // A file cut short and a fault inside are said in our words (the parser's own detail stays out).
    expect(refused('kaputt.json', '{"links": [')).toBe(
      '„kaputt.json“: Diese Datei ist kein gültiges JSON: Sie bricht mittendrin ab, wie es bei einem abgebrochenen Download oder Kopiervorgang passiert. Speichern Sie die Antwort der API noch einmal vollständig oder exportieren Sie eine CSV-Datei.',
    );
    expect(refused('fehler.json', '{"links": [\n  {"url": 1},\n  {url: 2}\n]}')).toBe(
      '„fehler.json“: Diese Datei ist kein gültiges JSON: Der Fehler steht in Zeile 3, Spalte 4. Speichern Sie die Antwort der API unverändert oder exportieren Sie eine CSV-Datei.',
    );
    expect(refused('leer.json', '{"links": []}')).toBe('„leer.json“: Diese Datei enthält keine Links: Die Liste der Antwort ist leer.');
    expect(refused('liste.json', '[]')).toBe('„liste.json“: Linkdeck kennt den Aufbau dieser JSON-Datei nicht. Es liest die Antworten von: ' + JSON_SHAPES_WORDS + '.');
    expect(refused('anders.json', '{"items": [{"a": 1}]}')).toContain('Linkdeck kennt den Aufbau dieser JSON-Datei nicht.');
    // A byte 0x81 is unassigned in Windows-1252 and not UTF-8: no encoding reads it.
    expect(refused('alt.csv', Uint8Array.of(0x75, 0x72, 0x6c, 0x0a, 0x81, 0x0a))).toBe(
      '„alt.csv“ ist keine Textdatei, die Linkdeck lesen kann: Sie ist weder UTF-8 noch UTF-16 mit Byte-Order-Mark noch Windows-1252. Speichern Sie sie in Ihrer Tabellenkalkulation als „CSV UTF-8“ (oder exportieren Sie sie erneut aus dem Dienst) und importieren Sie diese Datei.',
    );
  });

  it('a workbook’s refusals read in German, its counts in German number format', async () => {
    const words = async (name: string, bytes: Uint8Array, sheet?: string) => {
      const read = await readWorkbook(name, bytes, sheet);
      if (!('errorRef' in read) || !read.errorRef) throw new Error(`no message for ${name}`);
      const text = noteText(read.errorRef);
      expect(text).not.toMatch(/importNotes\.|\b(the|sheet|has|rows?|cannot|workbook)\b/i);
      return text;
    };
    expect(await words('fotos.zip', zipSync({ 'a.txt': new Uint8Array([0x61]) }))).toBe(
      '„fotos.zip“ ist ein ZIP-Archiv, keine Excel- (.xlsx) oder OpenDocument-Tabellenmappe (.ods). Wählen Sie die Tabellenmappe oder eine CSV- oder JSON-Datei, die der Dienst exportiert hat.',
    );
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'xl/workbook.xml': new Uint8Array(WORKBOOK_LIMITS.inflated + 1) });
    expect(await words('bombe.xlsx', bomb)).toContain('mehr als 64 MB Tabellendaten, weit mehr, als 10.000 Links brauchen.');
    const sheetOf = (rows: string[][], sheets: string[]) => {
      const book = XLSX.utils.book_new();
      for (const name of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
      return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    };
    const big = sheetOf([['url'], ...Array.from({ length: 10_001 }, (_, i) => [`https://example.com/${i}`])], ['Groß']);
    expect(await words('gross.xlsx', big)).toBe('„gross.xlsx“: Das Blatt „Groß“ hat 10.002 Zeilen; ein Auftrag umfasst höchstens 10.000. Teilen Sie es auf mehrere Blätter oder Dateien auf.');
    expect(await words('mappe.xlsx', sheetOf([['url']], ['Links', 'Archiv']))).toBe(
      '„mappe.xlsx“: Das Blatt „Links“ hat Spaltennamen, aber keine Zeilen: Es enthält keine Links. Wählen Sie ein anderes Blatt („Archiv“).',
    );
    expect(await words('mappe.xlsx', sheetOf([['url']], ['Links']), 'Alt')).toBe('„mappe.xlsx“ hat kein Blatt „Alt“. Seine Blätter: „Links“.');
  });

  it('the mapping step names a recognised export and the columns it leaves out in German', async () => {
    const csv = ['Link,Custom Link,Destination URL,Domain,Status,Clicks', 'bit.ly/a,bit.ly/sommer,https://example.com/a,bit.ly,active,3'].join('\n');
    await mountStep(BulkMappingStep, csv, 'mapping');
    const box = text('bulk-recognised') ?? '';
    expect(box).toContain('Erkannt: Bitly-Export');
    expect(box).toContain('die Domain des alten Dienstes (Links werden auf der Domain dieses Kontos erstellt)');
    expect(box).toContain('ob der Link bei Bitly aktiv oder archiviert ist (hier wird jeder Link aktiv angelegt)');
    expect(box).not.toMatch(/importNotes\.|Bitly export|old service/);
    expectGermanOnly();
  });

  it('the dry run: tags naming no channel, expired links and the start button, singular and plural', async () => {
    await mountStep(
      BulkPreviewStep,
      [
        'originalURL,shortURL,path,title,clicks,createdAt,expiresAt,tags',
        'https://example.com/a,https://go.example.io/a,aa1,A,3,2024-05-01T09:00:00.000Z,2024-07-30T00:00:00.000Z,Sommer',
        'https://example.com/b,https://go.example.io/b,bb2,B,5,2024-01-01T00:00:00.000Z,2024-06-01T00:00:00.000Z,Sommer',
        'https://example.com/c,https://go.example.io/c,cc3,C,5,2024-01-01T00:00:00.000Z,,Winter',
      ].join('\n'),
      'preview',
    );
    expect(text('bulk-channel-count')).toBe('2 Tags nennen keinen Kanal');
    expect(text('bulk-channels-outcome')).toBe('Ohne dies bleiben 3 Links ohne Kanal.');
    expect(text('bulk-expired-summary')).toBe('2 Links haben ein Ablaufdatum in der Vergangenheit; der Dienst nimmt kein vergangenes Ablaufdatum an.');
    expect(text('bulk-expired-row')).toBe('Zeile 2 https://example.com/a: bei Short.io am 2024-07-30 abgelaufen');
    expect(text('bulk-unanswered')).toBe('Geben Sie oben an, was mit den abgelaufenen Links geschehen soll, um zu starten.');
    expectGermanOnly();

    await wrapper!.get('[data-testid="bulk-create-channels"]').trigger('click');
    expect(text('bulk-channel-count')).toBe('2 Kanäle anzulegen');
    expect(page()).toContain('Diese 2 Kanäle auf Work anlegen');
    expect(text('bulk-channels-outcome')).toBe('Sie werden beim Start des Auftrags vor den Links angelegt, und 3 Zeilen kommen in sie.');
    await wrapper!.get('[data-testid="bulk-expired-leave-out"] input').setValue(true);
    expect(text('bulk-start')).toBe('1 Link kürzen (2 übersprungen)');
    await wrapper!.get('[data-testid="bulk-expired-import"] input').setValue(true);
    expect(text('bulk-start')).toBe('3 Links kürzen');
    expectGermanOnly();
  });

  it('the dry run with one tag and one expired link uses the singular', async () => {
    await mountStep(
      BulkPreviewStep,
      ['originalURL,shortURL,path,title,clicks,createdAt,expiresAt,tags', 'https://example.com/a,https://go.example.io/a,aa1,A,3,2024-05-01T09:00:00.000Z,2024-07-30T00:00:00.000Z,Sommer'].join('\n'),
      'preview',
    );
    expect(text('bulk-channel-count')).toBe('1 Tag nennt keinen Kanal');
    expect(text('bulk-expired-summary')).toBe('1 Link hat ein Ablaufdatum in der Vergangenheit; der Dienst nimmt kein vergangenes Ablaufdatum an.');
    await wrapper!.get('[data-testid="bulk-create-channels"]').trigger('click');
    expect(page()).toContain('Diesen Kanal auf Work anlegen');
    expect(text('bulk-channels-outcome')).toBe('Er wird beim Start des Auftrags vor den Links angelegt, und 1 Zeile kommt in ihn.');
    expectGermanOnly();
  });

  it('the aliases a file cannot keep are counted in German', async () => {
    await mountStep(BulkPreviewStep, ['url,alias', 'https://example.com/a,dup', 'https://example.com/b,dup', 'https://example.com/c,zz9'].join('\n'), 'preview');
    await untilDom(() => text('bulk-alias-summary') !== null && !text('bulk-alias-summary')!.startsWith('Kein'));
    expect(text('bulk-alias-summary')).toBe('1 Alias wird in dieser Datei zweimal für verschiedene URLs verwendet.');
    expect(page()).toContain('Der Alias „dup“ wird schon in Zeile 2 dieser Datei für eine andere URL verwendet.');
    expectGermanOnly();
  });

  it('the import’s notes (importNotes) and an alias the rules refuse read in German', async () => {
    await mountStep(BulkPreviewStep, ['url,clicks,alias', 'https://example.com/a,viele,1h', 'https://example.com/b,5,zz9'].join('\n'), 'preview');
    expect(text('bulk-left-out')).toContain('1 Link wird ohne einen unlesbaren Wert importiert');
    expect(text('bulk-left-out-row')).toBe('Zeile 2 Die Klickzahl „viele“ ist nicht lesbar: Der Link wird ohne diesen Wert importiert.');
    expect(text('bulk-alias-summary')).toBe('1 Alias kann auf Work nicht bleiben (die Alias-Regeln des Dienstes).');
    expect(text('bulk-alias-clash')).toContain('Der Alias „1h“ kann auf Work nicht bleiben.');
    expectGermanOnly();
  });

  it('a row with a problem says it in German', async () => {
    await mountStep(BulkPreviewStep, ['url', 'https://example.com/a', 'ftp://files.example.com/x'].join('\n'), 'preview');
    expect(text('bulk-bad-reason')).toMatch(/verwendet das Schema „ftp:“; erlaubt sind nur Webadressen mit http:\/\/ und https:\/\//);
    expectGermanOnly();
  });

  it('what keeps an import from starting is said in German', async () => {
    const bulk = useBulkStore();
    bulk.useSource('csv', ['url,note', 'https://example.com/a,x'].join('\n'), 'Import');
    bulk.mapping = ['ignore', 'description'];
    bulk.step = 'preview';
    wrapper = ui.mount(BulkPreviewStep, { attachTo: document.body });
    await flushPromises();
    expect(text('bulk-blocker')).toBe('Dieser Import kann nicht startenWählen Sie die Spalte mit den Ziel-URLs.');
  });

  it('names every field, encoding, date form and separator in German', () => {
    const words = [
      ...BULK_FIELDS.map((f) => fieldLabel(f.field)),
      ...(['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'] as const).map(encodingWords),
      ...(['standard', 'dd.mm.yyyy', 'yyyy/mm/dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'slash-unsettled'] as const).map(dateFormWords),
      ...(['.', ',', 'space'] as const).map(thousandsWords),
    ];
    expect(words.filter((w) => w.startsWith('bulk.'))).toEqual([]);
    expect(encodingWords('utf-16le')).toBe('UTF-16 LE (mit Byte-Order-Mark, wie Excels „Unicode-Text“)');
    expect(fieldLabel('url')).toBe('Ziel-URL');
    expect(dateFormWords('dd/mm/yyyy')).toBe('Tag/Monat/Jahr (30/06/2024)');
  });

  it('the live source form asks in German', async () => {
    wrapper = ui.mount(BulkLiveSourceStep, { attachTo: document.body });
    await flushPromises();
    expect(page()).toContain('API-Schlüssel');
    expect(page()).toContain('Links abrufen');
    expect(text('live-what')).toContain('Links, Notizen und Ablaufdatum werden gelesen');
    expectGermanOnly();
  });

  it('the live source form’s field checks speak German next to their fields', async () => {
    wrapper = ui.mount(BulkLiveSourceStep, { attachTo: document.body });
    await flushPromises();
    // Kutt's address is filled in; the key is not: the key's check answers next to its field.
    await wrapper.find('[data-testid="bulk-live"]').trigger('submit');
    await untilDom(() => text('live-key-error') !== null);
    expect(text('live-key-error')).toBe('Fügen Sie den API-Schlüssel aus Ihren Kutt-Einstellungen ein.');
    expectGermanOnly();
  });

  it('a move’s card says what left the source, with one link and several', async () => {
    const rows: BulkRow[] = [0, 1, 2].map((index) => ({
      index,
      input: { url: `https://example.com/${index}` },
      status: 'created',
      linkId: 100 + index,
      shortUrl: `https://work.example/n${index}`,
      error: null,
      source: { linkId: index + 1, shortUrl: `http://127.0.0.1:4100/s${index}`, removal: index === 0 ? 'removed' : 'failed', error: 'Belegt.' },
    }));
    ui.fake.answer('bulk:rows', ok({ rows, total: 3 }));
    const job: BulkJob = {
      id: 'job-1', name: 'Umzug', createdAt: 0, finishedAt: 1, status: 'done', reuse: true, total: 3,
      counts: { queued: 0, sending: 0, created: 3, reused: 0, failed: 0, cancelled: 0 }, etaMs: null, message: null,
      transfer: { mode: 'move', sourceProfileId: 'p-local', sourceName: 'Lokal', targetProfileId: 'p-remote', targetName: 'Work', removedFromSource: 1, removeFailed: 2, leftOut: [] },
    };
    wrapper = ui.mount(BulkJobCard, { props: { job }, attachTo: document.body });
    await untilDom(() => text('bulk-transfer-remove-reasons') !== null);
    expect(text('bulk-transfer-removed')).toBe('1 aus Lokal entfernt');
    expect(text('bulk-transfer-remove-failed')).toBe('2 nicht entfernt');
    expect(text('bulk-transfer-remove-reasons')).toBe('Belegt. (2 Links; sie bleiben auf Lokal, die Kopie ist auf Work)');
    expectGermanOnly();
  });
});
