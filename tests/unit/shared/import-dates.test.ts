import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { formatDay, formatUtc, readDate } from '../../../electron/shared/import-dates.js';
import { dateCell } from '../../../electron/shared/source-rows.js';
import { previewRows, tableFromCsv, type BulkLookups } from '../../../electron/shared/bulk-import.js';

const AT = Date.UTC(2024, 6, 30, 12, 0, 0);

describe('readDate: every form the sources write', () => {
  it.each([
    ['ISO 8601 with milliseconds and Z (Kutt, Dub, Rebrandly)', '2024-07-30T12:00:00.000Z', AT],
    ['ISO 8601 without milliseconds', '2024-07-30T12:00:00Z', AT],
    ['ISO 8601 with a zone offset (Shlink)', '2024-07-30T14:00:00+02:00', AT],
    ['ISO 8601 with a zone without colon (Bitly API v4)', '2024-07-30T12:00:00+0000', AT],
    ['ISO 8601 with a negative offset', '2024-07-30T07:00:00-05:00', AT],
    ['ISO 8601 without a zone (read as UTC)', '2024-07-30T12:00:00', AT],
    ['ISO 8601 without seconds', '2024-07-30T12:00', AT],
    ['YYYY-MM-DD HH:MM:SS (YOURLS, spreadsheets)', '2024-07-30 12:00:00', AT],
    ['YYYY-MM-DD HH:MM', '2024-07-30 12:00', AT],
    ['YYYY-MM-DD (midnight UTC)', '2024-07-30', Date.UTC(2024, 6, 30)],
    ['Unix seconds', '1722340800', AT],
    ['Unix seconds with a fraction', '1722340800.25', AT + 250],
    ['Unix milliseconds', '1722340800000', AT],
    ['microseconds are cut to milliseconds', '2024-07-30T12:00:00.123456Z', AT + 123],
    ['outer spaces', '  2024-07-30 12:00:00 ', AT],
  ])('%s: %s', (_what, text, expected) => {
    expect(readDate(text)).toBe(expected);
  });

  it.each([
    ['an ambiguous day/month order', '04/02/2023'],
    ['a date that does not exist', '2023-02-30'],
    ['an hour past 23', '2023-02-03 24:00:00'],
    ['a bare year (no Unix time)', '2024'],
    ['words', 'last Tuesday'],
    ['empty', ''],
  ])('is no date: %s', (_what, text) => {
    expect(readDate(text)).toBeNull();
  });

  it('writes the forms the service and the detail take', () => {
    expect(formatUtc(AT + 999)).toBe('2024-07-30 12:00:00');
    expect(formatDay(AT)).toBe('2024-07-30');
  });
});

describe('one reader for the file path and the live path', () => {
  const lookups: BulkLookups = { channels: [], campaigns: [], domains: [] };
  const NOW = Date.UTC(2026, 0, 1);

  it('a Short.io row with an ISO expiry is accepted in a file as it is from a live source', () => {
    const table = tableFromCsv('originalURL,path,expiresAt\nhttps://example.com/a,aaa,2031-02-03T04:05:06.000Z\nhttps://example.com/b,bbb,1927857906\n');
    const rows = previewRows(table, ['url', 'custom', 'expiry'], lookups, NOW).rows;
    expect(rows.map((r) => r.input?.expiry)).toEqual(['2031-02-03 04:05:06', '2031-02-03 04:05:06']);
    // The live path turns the API's time into the same cell.
    expect(dateCell('2031-02-03T04:05:06.000Z')).toBe('2031-02-03 04:05:06');
  });

  it('an expiry that is no date is left out, said on its row and kept in the origin (issue 39)', () => {
    const table = tableFromCsv('url,expiry\nhttps://example.com/a,soon\n');
    const row = previewRows(table, ['url', 'expiry'], lookups, NOW).rows[0];
    expect(row?.errors).toEqual({});
    expect(row?.input).toEqual({ url: 'https://example.com/a' });
    expect(row?.notes?.map(englishText)).toEqual(['The expiry “soon” cannot be read: the link is imported without it.']);
    expect(row?.kept?.leftOut).toEqual([{ field: 'expiry', value: 'soon' }]);
  });

  it('a day/month date no value settles is asked, not guessed; unanswered, it is left out and said', () => {
    const table = tableFromCsv('url,created\nhttps://example.com/a,04/02/2023\nhttps://example.com/b,1680427800\n');
    const unanswered = previewRows(table, ['url', 'created'], lookups, NOW);
    expect(unanswered.unsettledDates).toEqual(['created']);
    const [bad, good] = unanswered.rows;
    expect(bad?.input).not.toBeNull();
    expect(bad?.notes?.map(englishText)).toEqual(['The created date “04/02/2023” cannot be read: the link is imported without it.']);
    expect(good?.created).toBe(1680427800_000);
    const dayFirst = previewRows(table, ['url', 'created'], lookups, NOW, new Map(), { dayFirst: true });
    expect(dayFirst.unsettledDates).toEqual([]);
    expect(dayFirst.rows[0]?.created).toBe(Date.UTC(2023, 1, 4));
    expect(previewRows(table, ['url', 'created'], lookups, NOW, new Map(), { dayFirst: false }).rows[0]?.created).toBe(Date.UTC(2023, 3, 2));
  });
});
