/**
 * The files people really have (issue 30): Bitly's Links-page export, API answers saved as .json
 * (Bitly v4, Rebrandly, Kutt, Dub, YOURLS), recognised by header and by content, with every row's
 * created date, tags and former clicks kept, and bad files refused in one sentence.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { guessMapping, previewRows, tableFromCsv, tableFromLines, type BulkLookups, type PreviewRow } from '../../../electron/shared/bulk-import.js';
import { leftOutColumns } from '../../../electron/shared/import-columns.js';
import { IMPORT_MAX_BYTES, readImportFile } from '../../../electron/shared/import-file.js';
import { recogniseFormat } from '../../../electron/shared/import-formats.js';
import { bigFixture, fixturePath, REAL_FIXTURES, type FixtureName } from '../../support/import-fixtures.js';

const lookups: BulkLookups = { channels: [{ id: 1, name: 'Promo' }], campaigns: [], domains: [] };
const NOW = Date.UTC(2026, 0, 1);
const bytes = (text: string) => new TextEncoder().encode(text);

function read(name: string, data: Uint8Array = readFileSync(fixturePath(name))) {
  const file = readImportFile(name, data);
  if ('error' in file) throw new Error(file.error);
  return file;
}

function preview(name: FixtureName) {
  const file = read(name);
  return { file, preview: previewRows(file.table, guessMapping(file.table), lookups, NOW) };
}

const brief = (r: PreviewRow) => ({ line: r.line, alias: r.input?.custom, url: r.input?.url, title: r.input?.metaTitle ?? r.input?.description });

describe.each([
  ['bitly-links.csv', 'bitly', 'Bitly', null, ['3xYzAb1', '4QwErT', '3CafeXy', '3TokyoQ', '3Rocket', '3NoTitl'], ['spring-sale', '4QwErT', 'cafe-creme', '3TokyoQ', 'launch', '3NoTitl'], [2500000, 0, 42, 1234, 7, 1]],
  ['bitly-v4.json', 'bitly', 'Bitly', 'Bitly API v4 answer', [], ['spring-sale', '4QwErT', 'cafe-creme', '3TokyoQ', 'launch', '3NoTitl'], [undefined, undefined, undefined, undefined, undefined, undefined]],
  ['rebrandly-links.json', 'rebrandly', 'Rebrandly', 'Rebrandly API answer', [], ['spring-sale', '4qwert', 'cafe-creme', '3tokyoq', 'launch', '3notitl'], [2500000, 0, 42, 1234, 7, 1]],
  ['kutt-links.json', 'kutt', 'Kutt', 'Kutt API answer', [], ['spring-sale', '4qwert', 'cafe-creme', '3tokyoq', 'launch', '3notitl'], [2500000, 0, 42, 1234, 7, 1]],
  ['dub-links.json', 'dub', 'Dub', 'Dub API answer', [], ['spring-sale', '4QwErT', 'cafe-creme', '3TokyoQ', 'launch', '3NoTitl'], [2500000, 0, 42, 1234, 7, 1]],
  ['yourls-stats.json', 'yourls', 'YOURLS', 'YOURLS API answer', [], ['spring-sale', '4qwert', 'cafe-creme', '3tokyoq', 'launch', '3notitl'], [2500000, 0, 42, 1234, 7, 1]],
] as const)('%s', (name, format, service, label, _generated, aliases, clicks) => {
  it(`is recognised as ${format}, the short links never taken for the destination`, () => {
    const { file } = preview(name);
    expect(file.label).toBe(label);
    const known = recogniseFormat(file.table.headers);
    expect(known?.format).toBe(format);
    expect(known?.service).toBe(service);
    const mapping = guessMapping(file.table);
    const urlColumn = file.table.headers[mapping.indexOf('url')];
    expect(file.table.records.map((r) => r.fields[mapping.indexOf('url')])).not.toContain('https://bit.ly/3xYzAb1');
    expect(urlColumn).toMatch(/destination|long_url|target|url/i);
  });

  it('reads every row: custom and generated aliases, quotes, commas, é, CJK, emoji, empty titles and a shared destination', () => {
    const { preview: p } = preview(name);
    const ready = p.rows.filter((r) => r.input !== null);
    expect(ready.map((r) => r.input?.custom)).toEqual(aliases);
    expect(ready.map((r) => r.formerClicks)).toEqual(clicks);
    const titles = ready.map((r) => r.input?.metaTitle ?? r.input?.description);
    expect(titles).toEqual(['Spring sale, 20% off', 'Quote "inside" title', 'Café crème — menu', '東京の案内', 'Launch 🚀 day', undefined]);
    expect(ready[0]?.input?.url).toBe('https://shop.example.com/sale?utm_source=import&utm_medium=social#top');
    expect(ready[2]?.input?.url).toBe('https://example.fr/menu/café?lang=fr#desserts');
    // Two links share one destination: both are made (each keeps its own alias).
    expect(ready.filter((r) => r.input?.url === 'https://example.org/shared').map((r) => r.input?.custom)).toHaveLength(2);
    expect(ready.map((r) => r.created && new Date(r.created).toISOString().slice(0, 10))).toEqual(['2023-04-02', '2023-04-03', '2023-04-04', '2023-04-05', '2023-04-06', '2023-04-07']);
  });

  it('rejects the row without a destination with its line and the reason, and only that row', () => {
    const { preview: p } = preview(name);
    expect(p.invalid).toBe(1);
    const bad = p.rows.find((r) => r.input === null);
    expect(bad?.line).toBe(name.endsWith('.csv') ? 8 : 7);
    expect(bad?.errors['url']).toMatch(/The URL is required/);
  });

  it('reads its 10,000-row version: every copy recognised, the rows without a destination each rejected on its line', () => {
    const file = read(name, bytes(bigFixture(name)));
    expect(file.table.records).toHaveLength(10_000);
    const p = previewRows(file.table, guessMapping(file.table), lookups, NOW);
    // One row in seven has no destination (copies 6, 13, … 9,995).
    expect(p.invalid).toBe(1428);
    expect(p.valid + p.invalid).toBe(10_000);
    expect(new Set(p.rows.filter((r) => r.input).map((r) => r.input?.custom)).size).toBe(p.valid);
  });
});

describe('what the old service knew is kept, and said', () => {
  it('tags after the first are kept beside the link; the first names the channel', () => {
    const { preview: p } = preview('bitly-links.csv');
    const spring = p.rows[0];
    expect(spring?.input?.channel).toBe(1);
    expect(spring?.moreTags).toEqual(['spring', 'q2']);
    expect(p.rows[3]?.unmatchedTag).toBe('travel');
    expect(p.rows[3]?.moreTags).toEqual(['日本']);
  });

  it('many or long tags are kept within the bounds the job takes, not refused', () => {
    const tags = ['first', ...Array.from({ length: 150 }, (_, i) => `t${i}`), 'x'.repeat(300)].join(', ');
    const table = tableFromCsv(`url,tags\nhttps://example.com/a,"${tags}"\n`);
    const [row] = previewRows(table, ['url', 'tags'], lookups, NOW).rows;
    expect(row?.moreTags).toHaveLength(100);
    expect(row?.moreTags?.every((t) => t.length <= 200)).toBe(true);
  });

  it('a column the format does not know is left out and listed; a known one is left out with its reason', () => {
    const table = tableFromCsv('Title,Link,Custom Link,Destination URL,Status,Folder\nA,https://bit.ly/abc,,https://example.com/a,active,Work\n');
    const known = recogniseFormat(table.headers);
    expect(known?.unknown).toEqual(['Folder']);
    expect(known?.leftOut.join(' ')).toMatch(/active or archived at Bitly/);
    expect(leftOutColumns(table, guessMapping(table))).toEqual(['Status', 'Folder']);
    // What the mapping step lists as not read: those without a reason said beside them.
    expect(leftOutColumns(table, guessMapping(table), known?.explained)).toEqual(['Folder']);
  });
});

describe('Bitly header variants, matched without case, spaces or punctuation', () => {
  it.each([
    [['Link', 'Custom Link', 'Destination URL']],
    [['LINK', 'custom link', 'destination url']],
    [['link', 'custom_link', 'destination_url', 'date_created']],
    [['Link', 'Destination-URL', 'Date Created (UTC)', 'Total Engagements']],
    [['link', 'long_url', 'custom_bitlinks', 'created_at']],
    [['Bitlink', 'Long URL', 'Clicks']],
  ])('%j', (headers) => {
    const known = recogniseFormat(headers);
    expect(known?.format).toBe('bitly');
    expect(known?.mapping.filter((f) => f !== 'ignore').sort()).toEqual(
      headers.map((h) => ({ link: 'shortUrl', bitlink: 'shortUrl', customlink: 'custom', custombitlinks: 'custom', destinationurl: 'url', longurl: 'url', datecreated: 'created', createdat: 'created', totalengagements: 'formerClicks', clicks: 'formerClicks' })[h.toLowerCase().replace(/\s*\(utc\)$/, '').replace(/[^a-z]/g, '')] ?? 'missing').sort(),
    );
  });
});

describe('Linkdeck’s own JSON export', () => {
  it('is read as its CSV export is, every column it does not import said with its reason', () => {
    const text = JSON.stringify({
      format: 'linkdeck-links',
      version: 1,
      count: 1,
      links: [{ id: 1, alias: 'mine', shortUrl: 'http://s.test/mine', longUrl: 'https://example.com/mine', title: 'Mine', description: 'a note', clicks: 3, date: '2025-01-01 00:00:00', channelName: 'Promo', status: 'public', expiry: null, details: { custom: true, metaTitle: 'MT' } }],
    });
    const file = read('links.json', bytes(text));
    expect(file.label).toBe('Linkdeck export');
    const known = recogniseFormat(file.table.headers);
    expect(known?.format).toBe('linkdeck');
    expect(known?.unknown).toEqual([]);
    const [row] = previewRows(file.table, guessMapping(file.table), lookups, NOW).rows;
    expect(row).toMatchObject({ input: { url: 'https://example.com/mine', custom: 'mine', description: 'a note', metaTitle: 'MT', status: 'public', channel: 1 }, formerClicks: 3, created: Date.UTC(2025, 0, 1) });
  });
});

describe('recognition by content', () => {
  it('a column of short links on one host is the old short link, even when its name says "link" or "url"', () => {
    const table = tableFromCsv('Link,Target,Status\nbit.ly/abc1,https://example.com/a?x=1#f,active\nbit.ly/abc2,https://example.org/b,archived\n');
    expect(guessMapping(table)).toEqual(['shortUrl', 'url', 'ignore']);
    const rows = previewRows(table, guessMapping(table), lookups, NOW).rows;
    expect(rows.map((r) => [r.input?.custom, r.input?.url])).toEqual([
      ['abc1', 'https://example.com/a?x=1#f'],
      ['abc2', 'https://example.org/b'],
    ]);
  });

  it('pasted short links alone are what the person wants shortened: they stay the long URLs', () => {
    const table = tableFromLines('https://bit.ly/a1\nhttps://bit.ly/a2\n');
    expect(guessMapping(table)).toEqual(['url']);
  });

  it('a known export’s created dates in a form not read are left out and listed, not a failure of every row', () => {
    const table = tableFromCsv('Link,Destination URL,Date Created\nhttps://bit.ly/abc1,https://example.com/a,"Apr 2, 2023"\nhttps://bit.ly/abc2,https://example.com/b,"Apr 3, 2023"\n');
    const mapping = guessMapping(table);
    expect(mapping).toEqual(['shortUrl', 'url', 'ignore']);
    expect(leftOutColumns(table, mapping, recogniseFormat(table.headers)?.explained)).toEqual(['Date Created']);
    expect(previewRows(table, mapping, lookups, NOW).valid).toBe(2);
  });

  it('a branded short domain beside destinations on other hosts is found too', () => {
    const table = tableFromCsv('url,destination\nhttps://go.brand.com/x1,https://example.com/a/b\nhttps://go.brand.com/x2,https://shop.example.org/c\n');
    expect(guessMapping(table)).toEqual(['shortUrl', 'url']);
  });

  it('a file whose only web addresses are short links gets no destination, and the preview asks for one', () => {
    const table = tableFromCsv('Link,Title\nhttps://bit.ly/a1,A\nhttps://bit.ly/a2,B\n');
    const mapping = guessMapping(table);
    expect(mapping).not.toContain('url');
    expect(previewRows(table, mapping, lookups, NOW).blocker).toMatch(/column that holds the long URLs/);
  });

  it('a column named for a field none of whose values fits it is left out instead of failing every row', () => {
    const table = tableFromCsv('url,status,expiry\nhttps://example.com/a,active,next week\nhttps://example.com/b,archived,\n');
    expect(guessMapping(table)).toEqual(['url', 'ignore', 'ignore']);
    expect(previewRows(table, guessMapping(table), lookups, NOW).valid).toBe(2);
  });
});

describe('bad input gets a sentence, and nothing is read', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it.each([
    ['a PNG renamed .csv', 'links.csv', PNG, /^"links\.csv" is not a text file: it is a PNG image\./],
    ['bytes that are no text encoding read (not UTF-8, a Windows-1252 hole)', 'links.csv', new Uint8Array([0x41, 0x2c, 0x81, 0x42]), /^"links\.csv" is not a text file Linkdeck can read: it is neither UTF-8, UTF-16 with a byte-order mark, nor Windows-1252 text\./],
    ['a header without rows', 'links.csv', bytes('Title,Link,Destination URL\r\n'), /^"links\.csv" has column names but no rows: this file has no links\.$/],
    ['an empty file', 'links.csv', bytes('  \n'), /this file has no links/],
    ['JSON of another shape', 'answer.json', bytes('{"items":[{"href":"https://example.com"}]}'), /does not know this JSON's shape\. It reads the answers of: Bitly API v4 .*Rebrandly .*Kutt .*Dub .*Shlink .*YOURLS/],
    ['an empty list', 'answer.json', bytes('{"links":{}}'), /This file has no links/],
    ['an empty YOURLS (stats alone)', 'stats.json', bytes('{"stats":{"total_links":"0","total_clicks":null},"statusCode":"200","message":"success"}'), /This file has no links/],
    ['broken JSON', 'answer.json', bytes('{"links": ['), /is not valid JSON/],
    ['YOURLS’s default XML answer', 'stats.xml', bytes('<?xml version="1.0"?><result><links></links></result>'), /is an XML or HTML file, not a CSV or JSON one\. .*format=json/],
    ['a file over the size limit', 'huge.csv', new Uint8Array(IMPORT_MAX_BYTES + 1), /^"huge\.csv" is 20\.0 MB; Linkdeck imports files up to 20\.0 MB/],
  ])('%s', (_what, name, data, message) => {
    const file = readImportFile(name, data);
    expect('error' in file && file.error).toMatch(message);
  });

  it('a saved Dub answer whose list is empty says it has no links', () => {
    const file = readImportFile('dub.json', bytes('{"links":[]}'));
    expect('error' in file && file.error).toMatch(/has no links/);
  });
});

describe('the fixtures listed for each format', () => {
  it('cover every format the issue names', () => {
    expect(Object.keys(REAL_FIXTURES).sort()).toEqual(['bitly', 'bitlyApi', 'dub', 'kutt', 'rebrandly', 'yourls']);
  });

  it('the generator keeps the small file’s rows in turn', () => {
    const big = read('bitly-links.csv', bytes(bigFixture('bitly-links.csv', 14)));
    expect(big.table.records.map((r) => r.fields[1])).toContain('https://bit.ly/3xYzAb1-7');
    expect(brief(previewRows(big.table, guessMapping(big.table), lookups, NOW).rows[7]!)).toMatchObject({ line: 9, alias: 'spring-sale-7' });
  });
});
