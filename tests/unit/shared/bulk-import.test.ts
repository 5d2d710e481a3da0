import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import {
  guessMapping,
  previewRows,
  rowProblems,
  tableFromCsv,
  tableFromLines,
  type BulkLookups,
} from '../../../electron/shared/bulk-import.js';
import { csvLines, detectDelimiter, parseCsv } from '../../../electron/shared/csv.js';

const NOW = Date.UTC(2026, 0, 1);
const LOOKUPS: BulkLookups = {
  channels: [
    { id: 4, name: 'Newsletter' },
    { id: 5, name: 'Social' },
    { id: 6, name: 'social ' },
  ],
  campaigns: [{ id: 9, name: 'Spring sale' }],
  domains: [{ domain: 'https://go.brand.com' }],
};

describe('parseCsv', () => {
  it('reads quoted fields holding commas, quotes and line breaks, and says where each record starts', () => {
    const text = 'url,note\r\n"https://a.example/?q=1,2","a ""big"" note"\r\nhttps://b.example,"two\r\nlines\nthree"\r\nhttps://c.example,\r\n';
    const { records, problems, delimiter } = parseCsv(text);
    expect(delimiter).toBe(',');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['url', 'note'] },
      { line: 2, fields: ['https://a.example/?q=1,2', 'a "big" note'] },
      { line: 3, fields: ['https://b.example', 'two\r\nlines\nthree'] },
      { line: 6, fields: ['https://c.example', ''] },
    ]);
  });

  it('drops a byte-order mark, skips blank lines and reads the last line without a line break', () => {
    const { records } = parseCsv('\ufeffURL\n\nhttps://a.example\n   \nhttps://b.example');
    expect(records.map((r) => [r.line, r.fields])).toEqual([
      [1, ['URL']],
      [3, ['https://a.example']],
      [4, ['   ']],
      [5, ['https://b.example']],
    ]);
  });

  it('detects ; and tab separators outside quotes', () => {
    expect(detectDelimiter('url;alias;"a,b,c"\nx;y;z')).toBe(';');
    expect(detectDelimiter('url\talias\n')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(parseCsv('url;alias\nhttps://x.example/a,b;x1').records[1]?.fields).toEqual(['https://x.example/a,b', 'x1']);
    expect(parseCsv('url\talias\nhttps://x.example\tx1').records[1]?.fields).toEqual(['https://x.example', 'x1']);
  });

  it('reports a quote that is never closed with its line', () => {
    const { problems, records } = parseCsv('url,note\nhttps://a.example,"open\nhttps://b.example,x\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(2);
    expect(problems[0]?.message).toMatch(/line 2 is never closed/);
    expect(records).toHaveLength(2);
  });

  it('reads back what it writes (csvLines → parseCsv), formulas guarded', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', ' padded', 'semi;colon', 12, null],
      ['=SUM(A1)', '+1', '-x', '@me', 'plain', -3, ''],
    ];
    const text = csvLines(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text).records.map((r) => r.fields)).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', ' padded', 'semi;colon', '12', ''],
      ["'=SUM(A1)", "'+1", "'-x", "'@me", 'plain', '-3', ''],
    ]);
  });
});

describe('import tables and mapping', () => {
  it('reads pasted URLs one per line, keeping the pasted line numbers', () => {
    const table = tableFromLines('https://a.example\n\n  https://b.example  \r\nnot a url\n');
    expect(table.records).toEqual([
      { line: 1, fields: ['https://a.example'] },
      { line: 3, fields: ['https://b.example'] },
      { line: 4, fields: ['not a url'] },
    ]);
    expect(guessMapping(table)).toEqual(['url']);
  });

  it('guesses the mapping from header names, each field once', () => {
    const table = tableFromCsv('Long URL;Custom Alias;Channel;campaign_name;Notes;Title;Expires;Password;Extra;URL\nhttps://a.example;a1;Social;Spring sale;n;t;;;x;https://dup.example\n');
    expect(table.hasHeader).toBe(true);
    expect(guessMapping(table)).toEqual(['url', 'custom', 'channel', 'campaign', 'description', 'metaTitle', 'expiry', 'password', 'ignore', 'ignore']);
  });

  it('takes a file whose first line holds a URL as having no header, and finds the URL column', () => {
    const table = tableFromCsv('spring,https://a.example\nsummer,https://b.example\n');
    expect(table.hasHeader).toBe(false);
    expect(table.headers).toEqual(['Column 1', 'Column 2']);
    expect(table.records).toHaveLength(2);
    expect(guessMapping(table)).toEqual(['ignore', 'url']);
  });
});

describe('previewRows', () => {
  const csv = [
    'url,alias,channel,campaign,domain,status,expiry',
    'https://a.example/1,spring-1,Newsletter,Spring sale,go.brand.com,public,2030-01-01 00:00:00',
    '"https://a.example/2?x=1,2",,5,9,,,',
    'javascript:alert(1),ok-alias,,,,,',
    'https://a.example/4,no spaces!,Nowhere,,,,',
    'https://a.example/5,,Social,,other.example,hidden,2020-01-01 00:00:00',
    '"https://a.example/6',
    'still the same field",,,,,,',
  ].join('\n');

  it('turns good rows into link inputs and reports each bad row with its line and reasons', () => {
    const table = tableFromCsv(csv);
    const preview = previewRows(table, guessMapping(table), LOOKUPS, NOW);
    // Only the long URL refuses a row (issue 39): lines 5 and 6 are ready, their other values left out and said.
    expect(preview.valid).toBe(4);
    expect(preview.invalid).toBe(2);
    expect(preview.blocker).toBeNull();
    const [a, b, c, d, e, f] = preview.rows;
    expect(a).toMatchObject({
      line: 2,
      errors: {},
      input: { url: 'https://a.example/1', custom: 'spring-1', channel: 4, campaign: 9, domain: 'https://go.brand.com', status: 'public', expiry: '2030-01-01 00:00:00' },
    });
    expect(b).toMatchObject({ line: 3, input: { url: 'https://a.example/2?x=1,2', channel: 5, campaign: 9 } });
    expect(c?.line).toBe(4);
    expect(c?.input).toBeNull();
    expect(rowProblems(c!)).toEqual([expect.stringMatching(/"javascript:" scheme/)]);
    expect(d?.line).toBe(5);
    // Only the long URL refuses a link (issue 39): an alias the rules refuse is set aside for a new one.
    expect(d!.errors).toEqual({});
    expect(englishText(d!.aliasRefused!.reason)).toMatch(/custom alias/);
    expect(d?.notes?.map(englishText)).toEqual([expect.stringMatching(/^There is no channel “Nowhere” on this profile: the link is imported without a channel/)]);
    expect(e?.line).toBe(6);
    // "Social" names two channels (names compare without case and outer spaces).
    expect(e?.errors).toEqual({});
    expect(e?.notes?.map(englishText)).toEqual([
      expect.stringMatching(/^There are 2 channels named “Social”: the link is imported without a channel/),
      expect.stringMatching(/not one of this account’s branded domains \(go\.brand\.com\): the link is made on the service’s own domain/),
      expect.stringMatching(/neither “public” nor “private”: the link gets the service’s default/),
    ]);
    expect(e?.kept?.leftOut?.map((l) => l.field)).toEqual(['channel', 'domain', 'status']);
    // A past expiry is asked about once in the preview, not the row's error.
    expect(e?.errors['expiry']).toBeUndefined();
    expect(e?.expired?.text).toBe('2020-01-01 00:00:00');
    // The quoted URL holds a line break: refused, at the line where its record starts.
    expect(f?.line).toBe(7);
    expect(f?.errors['url']).toMatch(/control characters/);
  });

  it('lets a person fix a bad row by its line', () => {
    const table = tableFromCsv(csv);
    const mapping = guessMapping(table);
    const fixed = previewRows(table, mapping, LOOKUPS, NOW, new Map([[5, { custom: 'no-spaces', channel: 'Newsletter' }]]));
    expect(fixed.rows[3]).toMatchObject({ line: 5, errors: {}, input: { url: 'https://a.example/4', custom: 'no-spaces', channel: 4 } });
    expect(fixed.valid).toBe(4);
  });

  it('needs a URL column, and reports an unclosed quote on the row it starts', () => {
    const table = tableFromCsv('alias\nx1\n');
    expect(previewRows(table, guessMapping(table), LOOKUPS, NOW).blocker).toMatch(/column that holds the long URLs/);
    const open = tableFromCsv('url,note\nhttps://a.example,"never closed\nhttps://b.example,x\n');
    const preview = previewRows(open, guessMapping(open), LOOKUPS, NOW);
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]?.errors['file']).toMatch(/line 2 is never closed/);
    expect(preview.valid).toBe(0);
  });
});
