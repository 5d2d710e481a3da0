import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { guessMapping, previewRows, tableFromCsv, type BulkLookups } from '../../../electron/shared/bulk-import.js';
import { aliasOfShortUrl, firstTag, recogniseFormat } from '../../../electron/shared/import-formats.js';

const fixture = (name: string) => tableFromCsv(readFileSync(resolve(import.meta.dirname, '../../fixtures/imports', name), 'utf8'));
const lookups: BulkLookups = {
  channels: [
    { id: 1, name: 'Promo' },
    { id: 2, name: 'work' },
    { id: 3, name: 'help' },
  ],
  campaigns: [],
  domains: [],
};
const NOW = Date.parse('2026-01-01T00:00:00Z');

/** The rows of an export as the bulk preview reads them: the link input, or the problems. */
function rowsOf(name: string) {
  const table = fixture(name);
  return previewRows(table, guessMapping(table), lookups, NOW).rows.map((r) => r.input ?? r.errors);
}

describe('export files of other services', () => {
  it.each([
    ['bitly.csv', 'bitly'],
    ['rebrandly.csv', 'rebrandly'],
    ['shortio.csv', 'shortio'],
    ['shlink.csv', 'shlink'],
    ['kutt.csv', 'kutt'],
    ['dub.csv', 'dub'],
    ['linkdeck.csv', 'linkdeck'],
  ])('%s is recognised as %s from its columns', (file, format) => {
    expect(recogniseFormat(fixture(file).headers)?.format).toBe(format);
  });

  it('a file of plain columns is not taken for an export of another service', () => {
    expect(recogniseFormat(['url', 'alias', 'title'])).toBeNull();
    expect(recogniseFormat(['Link', 'Notes'])).toBeNull();
  });

  it('Bitly: the BOM, quoted commas and quotes are read; the alias comes from the bitlink; the first tag names the channel', () => {
    expect(rowsOf('bitly.csv')).toEqual([
      { url: 'https://shop.example.com/sale?utm_source=bitly', custom: '3xYzAb', metaTitle: 'Spring sale, 20% off', channel: 1 },
      { url: 'https://example.org/', custom: '4Qw' },
      { url: 'https://example.org/', custom: 'Quote1', metaTitle: 'Quote "inside" title' },
    ]);
  });

  it('says what it leaves out of an export (the old domain) and keeps the click counts as the rows’ former clicks', () => {
    const recognised = recogniseFormat(fixture('rebrandly.csv').headers);
    expect(recognised?.leftOut.join(' ')).toMatch(/domain/);
    const table = fixture('rebrandly.csv');
    expect(previewRows(table, guessMapping(table), lookups, NOW).rows.map((r) => r.formerClicks)).toEqual([33, 0]);
  });

  it('a click count that cannot be read is left out and said; the link is still imported (issue 39)', () => {
    const table = tableFromCsv('shortCode,longUrl,visits\nqa1,https://example.com/q,many\nqa2,https://example.com/r,"1,234"\n');
    const [bad, good] = previewRows(table, guessMapping(table), lookups, NOW).rows;
    expect(bad?.input).toEqual({ url: 'https://example.com/q', custom: 'qa1' });
    expect(bad?.formerClicks).toBeUndefined();
    expect(bad?.notes?.map(englishText)).toEqual(['The click count “many” cannot be read: the link is imported without it.']);
    expect(bad?.kept?.leftOut).toEqual([{ field: 'clicks', value: 'many' }]);
    expect(good?.formerClicks).toBe(1234);
  });

  it('Rebrandly: a slashtag that cannot be an alias here is set aside for a new alias, the rule said', () => {
    const table = fixture('rebrandly.csv');
    const [first, second] = previewRows(table, guessMapping(table), lookups, NOW).rows;
    expect(first?.input).toEqual({ url: 'https://example.com/summer', custom: 'summer', metaTitle: 'Summer page' });
    expect(second?.input).toEqual({ url: 'https://example.com/nested', metaTitle: 'Nested path' });
    expect(second?.aliasRefused?.alias).toBe('a/b');
    expect(englishText(second!.aliasRefused!.reason)).toBe('The custom alias may contain only letters A-Z and a-z, digits, "-" and "_".');
    expect(second?.kept?.alias).toBe('a/b');
  });

  it('a tag naming no channel here leaves its link without one and is listed with its rows', () => {
    const table = fixture('rebrandly.csv');
    const preview = previewRows(table, guessMapping(table), lookups, NOW);
    expect(preview.rows[0]?.input).not.toHaveProperty('channel');
    expect(preview.missingChannels).toEqual([{ name: 'summer', rows: 1 }]);
  });

  it('Short.io: a JSON list of tags, and a row without a path gets a new random alias', () => {
    expect(rowsOf('shortio.csv')).toEqual([
      { url: 'https://example.com/docs', custom: 'docs', metaTitle: 'Docs', channel: 3 },
      { url: 'https://example.com/blog' },
    ]);
  });

  it('Shlink, Kutt, Dub and Linkdeck: long URL, alias, title or note, channel', () => {
    expect(rowsOf('shlink.csv')).toEqual([
      { url: 'https://example.com/a', custom: 'abc123', metaTitle: 'Page A', channel: 2 },
      { url: 'https://example.com/b', custom: 'Zz9' },
    ]);
    expect(rowsOf('kutt.csv')).toEqual([{ url: 'https://example.com/launch', custom: 'launch', description: 'Launch post' }]);
    const [promo, deep] = rowsOf('dub.csv');
    expect(promo).toEqual({ url: 'https://example.com/promo', custom: 'promo', metaTitle: 'Promo', channel: 1 });
    // A short link whose alias cannot be kept gets a new alias (issue 39), the reason kept for the preview.
    expect(deep).toEqual({ url: 'https://example.com/deep' });
    const dub = fixture('dub.csv');
    expect(englishText(previewRows(dub, guessMapping(dub), lookups, NOW).rows[1]!.aliasRefused!.reason)).toMatch(/no alias that can be kept/);
    expect(rowsOf('linkdeck.csv')).toEqual([{ url: 'https://example.com/mine', custom: 'mine', description: 'a note', status: 'public' }]);
  });

  it('a channel column (not a tag) naming no channel: the link goes without one, said with the name (issue 39)', () => {
    const table = tableFromCsv('alias,short_url,long_url,alias_is_custom,channel\nqq1,http://h/qq1,https://example.com/q,true,Nope\n');
    const [row] = previewRows(table, guessMapping(table), lookups, NOW).rows;
    expect(row?.input).toEqual({ url: 'https://example.com/q', custom: 'qq1' });
    expect(row?.notes?.map(englishText)).toEqual(['There is no channel “Nope” on this profile: the link is imported without a channel (create it in the Channels view and check again, or fix the name).']);
    expect(row?.kept?.leftOut).toEqual([{ field: 'channel', value: 'Nope' }]);
  });
});

describe('aliasOfShortUrl and firstTag', () => {
  it.each([
    ['https://bit.ly/3xYz', '3xYz'],
    ['bit.ly/abc', 'abc'],
    ['https://s.test/abc/', 'abc'],
    ['https://dub.sh/x/deep', null],
    ['https://s.test/', null],
    ['https://s.test/a?b=1', null],
    ['', null],
  ])('%s → %s', (url, alias) => {
    expect(aliasOfShortUrl(url)).toBe(alias);
  });

  it.each([
    ['a, b', 'a'],
    [' ;b', 'b'],
    ['x|y', 'x'],
    ['["", "k"]', 'k'],
    ['', null],
  ])('%j → %s', (cell, tag) => {
    expect(firstTag(cell)).toBe(tag);
  });
});
