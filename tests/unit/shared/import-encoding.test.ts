/**
 * The encodings people's tools write (issue 39, item 2): each fixture decoded by the standard
 * decoder, read into the same rows, and the encoding named; anything else refused in a sentence.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeImportText } from '../../../electron/shared/import-encoding.js';
import { readImportFile } from '../../../electron/shared/import-file.js';
import { fixturePath } from '../../support/import-fixtures.js';

const fixture = (name: string) => new Uint8Array(readFileSync(fixturePath(name)));

function read(name: string) {
  const file = readImportFile(name, fixture(name));
  if ('error' in file) throw new Error(file.error);
  return file;
}

describe('a file is decoded in the encoding its tool wrote', () => {
  it('Windows-1252 (Excel "CSV (Comma delimited)"): not UTF-8, so read as 1252 with é, €, ’ and “ ” intact', () => {
    const file = read('excel-windows-1252.csv');
    expect(file.encoding).toBe('windows-1252');
    expect(file.table.headers).toContain('Destination URL');
    const titles = file.table.records.map((r) => r.fields[0]);
    expect(titles).toEqual(['Café crème – “menu”', 'Prix en €', 'Don’t miss Übersicht']);
    expect(file.table.records[2]?.fields[3]).toBe('https://example.de/übersicht');
  });

  it.each([
    ['excel-unicode-text.txt', 'utf-16le'],
    ['utf16be-bom.txt', 'utf-16be'],
    ['utf8-bom.csv', 'utf-8-bom'],
  ] as const)('%s is read as %s, tabs or commas alike, the mark dropped', (name, encoding) => {
    const file = read(name);
    expect(file.encoding).toBe(encoding);
    expect(file.table.headers).toEqual(['Destination URL', 'Custom Link', 'Title', 'Engagements']);
    expect(file.table.records.map((r) => r.fields[2])).toEqual(['Café crème', '東京の案内', 'Launch 🚀 day']);
  });

  it('plain UTF-8 stays UTF-8 even when its bytes would also be valid Windows-1252', () => {
    const file = read('bitly-links.csv');
    expect(file.encoding).toBe('utf-8');
    expect(file.table.records[2]?.fields[0]).toBe('Café crème — menu');
  });
});

describe('bytes in no encoding read get a sentence', () => {
  const sentence = /^"x\.csv" is not a text file Linkdeck can read: it is neither UTF-8, UTF-16 with a byte-order mark, nor Windows-1252 text\./;

  it.each([
    ['UTF-16 without its byte-order mark (every other byte NUL)', new Uint8Array([0x61, 0, 0x2c, 0, 0x62, 0])],
    ['a byte Windows-1252 leaves unassigned (0x81)', new Uint8Array([0x61, 0x2c, 0x81, 0x0a])],
    ['a UTF-16 LE mark followed by half a character', new Uint8Array([0xff, 0xfe, 0x61])],
    ['control characters of a binary file', new Uint8Array([0x01, 0x02, 0x03, 0xe9])],
  ])('%s', (_what, bytes) => {
    const decoded = decodeImportText('x.csv', bytes);
    expect('error' in decoded && decoded.error).toMatch(sentence);
  });
});
